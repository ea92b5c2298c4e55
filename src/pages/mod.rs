//! The pages a link can open.

pub mod catalog;
