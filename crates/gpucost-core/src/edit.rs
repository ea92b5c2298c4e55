//! The edits a form makes to a scenario's rows, applied by the engine: adding and removing
//! lines, prices and discounts, with the caps of [`limits`](crate::limits) and the defaults a
//! new row starts with. The page and any other editor call [`Scenario::apply`]; none of them
//! repeats a cap or a default (the page once capped prices at 12 while links allowed 32).

use rust_decimal::Decimal;

use crate::catalog::Catalog;
use crate::limits::{MAX_LINES, MAX_PRICES};
use crate::money::Currency;
use crate::scenario::{CustomMode, CustomPrice, Discount, PriceOwner, Scenario};

/// The GPU a new line or price starts with when the scenario has no line to copy: the
/// founding documents' light-inference card.
pub const DEFAULT_GPU: &str = "T4";

/// The provider a new price starts with: the cloud the catalog has no sourced price for, so
/// a quote there is the most common first entry.
pub const DEFAULT_PRICE_PROVIDER: &str = "huawei";

/// The percent a new negotiated discount starts at.
pub const DEFAULT_DISCOUNT_PCT: u32 = 10;

/// An edit to a scenario's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// A new line of [`DEFAULT_GPU`], packed as the workload needs.
    AddLine,
    /// Remove the line at this index (the last line stays).
    RemoveLine(usize),
    /// A new on-demand price at [`DEFAULT_PRICE_PROVIDER`] for the first line's GPU.
    AddPrice,
    /// Remove the price at this index.
    RemovePrice(usize),
    /// A discount at the first catalog provider without one.
    AddDiscount,
    /// Remove the discount at this index.
    RemoveDiscount(usize),
}

impl Edit {
    /// Whether `edit` can apply to `scenario` (a form disables the button otherwise).
    pub fn applies(self, scenario: &Scenario, catalog: &Catalog) -> bool {
        match self {
            Edit::AddLine => scenario.lines.len() < MAX_LINES,
            Edit::RemoveLine(i) => i < scenario.lines.len() && scenario.lines.len() > 1,
            Edit::AddPrice => scenario.custom_prices.len() < MAX_PRICES,
            Edit::RemovePrice(i) => i < scenario.custom_prices.len(),
            Edit::AddDiscount => next_discount_provider(scenario, catalog).is_some(),
            Edit::RemoveDiscount(i) => i < scenario.discounts.len(),
        }
    }
}

/// The first catalog provider the scenario has no discount for.
fn next_discount_provider(scenario: &Scenario, catalog: &Catalog) -> Option<String> {
    catalog
        .providers
        .iter()
        .find(|p| !scenario.discounts.iter().any(|d| d.provider == p.id))
        .map(|p| p.id.to_string())
}

impl Scenario {
    /// Applies `edit` when it can apply (see [`Edit::applies`]); returns whether it did.
    pub fn apply(&mut self, edit: Edit, catalog: &Catalog) -> bool {
        if !edit.applies(self, catalog) {
            return false;
        }
        match edit {
            Edit::AddLine => {
                let line = self.new_line(DEFAULT_GPU);
                self.lines.push(line);
            }
            Edit::RemoveLine(i) => {
                self.lines.remove(i);
            }
            Edit::AddPrice => {
                let gpu = self
                    .lines
                    .first()
                    .map_or_else(|| DEFAULT_GPU.to_string(), |l| l.gpu.clone());
                self.custom_prices.push(CustomPrice {
                    owner: PriceOwner::Provider(DEFAULT_PRICE_PROVIDER.into()),
                    gpu,
                    mode: CustomMode::OnDemand,
                    amount: Decimal::ONE,
                    currency: Currency::Cny,
                });
            }
            Edit::RemovePrice(i) => {
                self.custom_prices.remove(i);
            }
            Edit::AddDiscount => {
                if let Some(provider) = next_discount_provider(self, catalog) {
                    self.discounts.push(Discount {
                        provider,
                        percent: Decimal::from(DEFAULT_DISCOUNT_PCT),
                    });
                }
            }
            Edit::RemoveDiscount(i) => {
                self.discounts.remove(i);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::presets::Preset;

    #[test]
    fn rows_stop_at_the_links_caps_not_the_forms() {
        let c = &embedded().catalog;
        let mut s = Preset::DevTest.scenario();
        while s.apply(Edit::AddLine, c) {}
        assert_eq!(s.lines.len(), MAX_LINES);
        while s.apply(Edit::AddPrice, c) {}
        // The form stopped at 12 while a link could hold 32.
        assert_eq!(s.custom_prices.len(), MAX_PRICES);
        while s.apply(Edit::AddDiscount, c) {}
        assert_eq!(s.discounts.len(), c.providers.len(), "one per provider");
        let providers: std::collections::BTreeSet<&str> =
            s.discounts.iter().map(|d| d.provider.as_str()).collect();
        assert_eq!(providers.len(), s.discounts.len());
        // Everything added is valid: the scenario still estimates.
        assert!(s.clone().validate(c).is_ok());
    }

    #[test]
    fn a_new_price_quotes_the_first_lines_gpu_at_the_cloud_without_prices() {
        let c = &embedded().catalog;
        let mut s = Preset::ShortTraining.scenario();
        let before = s.custom_prices.len();
        assert!(s.apply(Edit::AddPrice, c));
        let p = &s.custom_prices[before];
        assert_eq!(p.gpu, s.lines[0].gpu);
        assert_eq!(p.owner, PriceOwner::Provider(DEFAULT_PRICE_PROVIDER.into()));
        assert!(c.provider(DEFAULT_PRICE_PROVIDER).is_some());
    }

    #[test]
    fn the_last_line_stays_and_out_of_range_removals_do_nothing() {
        let c = &embedded().catalog;
        let mut s = Preset::ShortTraining.scenario();
        assert_eq!(s.lines.len(), 1);
        let kept = s.clone();
        assert!(!s.apply(Edit::RemoveLine(0), c));
        assert!(!s.apply(Edit::RemovePrice(99), c));
        assert!(!s.apply(Edit::RemoveDiscount(99), c));
        assert_eq!(s, kept);
        assert!(s.apply(Edit::AddLine, c));
        assert!(s.apply(Edit::RemoveLine(0), c));
        assert_eq!(s.lines.len(), 1);
    }

    #[test]
    fn a_training_workloads_new_line_keeps_its_gpus_on_one_machine() {
        use crate::placement::Packing;
        use crate::recommend::{TaskKind, Workload};
        let c = &embedded().catalog;
        let mut s = Preset::ShortTraining.scenario();
        s.workload = Some(Workload::for_task(TaskKind::FullFineTune));
        s.apply(Edit::AddLine, c);
        assert_eq!(
            (s.lines[1].gpu.as_str(), s.lines[1].packing),
            (DEFAULT_GPU, Packing::OneMachine)
        );
        s.workload = Some(Workload::for_task(TaskKind::OnlineServing));
        s.apply(Edit::AddLine, c);
        assert_eq!(s.lines[2].packing, Packing::Split);
    }
}
