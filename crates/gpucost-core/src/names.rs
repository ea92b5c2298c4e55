//! The names the engine itself gives to things a user can also name: the presets' quote and
//! reference amounts, and the seller a new price starts with. Stored as these ids (in links
//! and scenarios); [`l10n::labels`](crate::l10n::labels) shows each in the reader's language,
//! and any other name is the user's own and is shown as written.

/// The short-training preset's quote: the seller it enters (`custom:V100 quote`).
pub const SEED_QUOTE: &str = "V100 quote";
/// The seller a new custom price starts with, until the user names it.
pub const NEW_QUOTE: &str = "My quote";
/// The short-training preset's reference amount, as stored (both languages, as version 1
/// stored it, so old links with it keep their meaning).
pub const LEASE_DEPOSIT: &str = "whole-card lease deposit 整卡租赁押金";
/// The shift-fleet preset's reference amount, as stored.
pub const CURRENT_MONTHLY_COST: &str = "current monthly cost 当前月度算力成本";
