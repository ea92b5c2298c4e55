//! The choices of the form's and the catalog browser's menus, built once here so every menu
//! of GPUs, providers or billing modes lists the same things with the same words.

use crate::billing_mode::BillingMode;
use crate::catalog::Catalog;
use crate::edit::{DemandKind, HorizonKind, LoadShapeKind};
use crate::format::{self, Lang};
use crate::l10n::labels;
use crate::l10n::ui::Text;
use crate::money::Currency;
use crate::placement::PackingKind;
use crate::scenario::CustomMode;

/// One choice of a menu: the value the form writes and the words it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The value (a catalog id or a slug).
    pub value: String,
    /// What the reader sees.
    pub label: String,
}

impl Choice {
    fn new(value: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice {
            value: value.into(),
            label: label.into(),
        }
    }
}

/// Sorted by label, as a reader scans a menu.
fn by_label(mut choices: Vec<Choice>) -> Vec<Choice> {
    choices.sort_by_key(|c| c.label.to_lowercase());
    choices
}

/// Every GPU model, with its memory (`A100 80GB · 80 GB`), by name: what a line or a price
/// may rent.
pub fn gpus(catalog: &Catalog) -> Vec<Choice> {
    by_label(
        catalog
            .gpus
            .iter()
            .map(|g| {
                let memory = g
                    .memory_gib
                    .map(|m| format!(" · {} GB", format::number(m, 1)))
                    .unwrap_or_default();
                Choice::new(&*g.id, format!("{}{memory}", g.name))
            })
            .collect(),
    )
}

/// Every GPU model with how many catalog offers it has (`T4 (12)`), by name: the catalog
/// browser's filter.
pub fn gpus_with_offer_counts(catalog: &Catalog) -> Vec<Choice> {
    by_label(
        catalog
            .gpus
            .iter()
            .map(|g| {
                let n = catalog.offers.iter().filter(|o| o.gpu == g.id).count();
                Choice::new(&*g.id, format!("{} ({n})", g.name))
            })
            .collect(),
    )
}

/// Every catalog provider in `lang`, in the catalog's order: whom a price or a discount is
/// from, and whom to compare.
pub fn providers(catalog: &Catalog, lang: Lang) -> Vec<Choice> {
    catalog
        .providers
        .iter()
        .map(|p| Choice::new(&*p.id, labels::provider(p, lang)))
        .collect()
}

/// The providers that have offers, in `lang`, by name: the catalog browser's filter.
pub fn providers_with_offers(catalog: &Catalog, lang: Lang) -> Vec<Choice> {
    by_label(
        catalog
            .providers
            .iter()
            .filter(|p| catalog.offers.iter().any(|o| o.provider == p.id))
            .map(|p| Choice::new(&*p.id, labels::provider(p, lang)))
            .collect(),
    )
}

/// How a custom price may be billed, in `lang`, in [`CustomMode::ALL`]'s order.
pub fn custom_modes(lang: Lang) -> Vec<Choice> {
    CustomMode::ALL
        .into_iter()
        .map(|m| {
            let label = match m {
                CustomMode::OnDemand | CustomMode::Spot => format!(
                    "{} /{}",
                    labels::class(m.class(), lang),
                    Text::Hours.get(lang)
                ),
                CustomMode::Subscription(p) => labels::mode(BillingMode::Subscription(p), lang),
            };
            Choice::new(m.as_str(), label)
        })
        .collect()
}

/// Every region with a catalog price, by id.
pub fn regions(catalog: &Catalog) -> Vec<Choice> {
    catalog
        .regions()
        .into_iter()
        .map(|r| Choice::new(r, r))
        .collect()
}

/// The memory floors the catalog browser offers, GiB per GPU (the common sizes of the
/// catalog's cards, from 8 GB inference cards to 192 GB accelerators).
pub const MEMORY_FLOORS_GIB: [u32; 9] = [8, 16, 24, 32, 40, 48, 80, 141, 192];

/// The memory floors as choices (`≥ 80 GiB`).
pub fn memory_floors() -> Vec<Choice> {
    MEMORY_FLOORS_GIB
        .iter()
        .map(|m| Choice::new(m.to_string(), format!("≥ {m} GiB")))
        .collect()
}

/// A menu of slugs worded in `lang`.
fn worded(choices: impl IntoIterator<Item = (&'static str, Text)>, lang: Lang) -> Vec<Choice> {
    choices
        .into_iter()
        .map(|(slug, text)| Choice::new(slug, text.get(lang)))
        .collect()
}

/// The UTC offsets in use somewhere in the world today, minutes east of UTC (tz database,
/// 2026: the half- and quarter-hour zones of India, Nepal, Iran, Newfoundland, Australia,
/// the Chathams and Tonga included).
pub const TIME_ZONES: [i16; 39] = [
    -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120,
    180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765,
    780, 825, 840,
];

/// China's time zone (no daylight saving): the default, named in the menu.
const CHINA_MINUTES: i16 = 480;

/// The time zones a schedule can be in (`UTC+08:00 (China)`), with `current` added where
/// a link set one not in [`TIME_ZONES`], in `lang`.
pub fn time_zones(current: i16, lang: Lang) -> Vec<Choice> {
    let mut zones = TIME_ZONES.to_vec();
    if !zones.contains(&current) {
        zones.push(current);
        zones.sort_unstable();
    }
    zones
        .into_iter()
        .map(|m| {
            let utc = format!("UTC{}", format::utc_offset(m));
            let label = match m {
                CHINA_MINUTES => Text::ChinaTime.get(lang).replace("{utc}", &utc),
                _ => utc,
            };
            Choice::new(m.to_string(), label)
        })
        .collect()
}

/// The kinds of period, in `lang`.
pub fn horizon_kinds(lang: Lang) -> Vec<Choice> {
    let text = |k: HorizonKind| match k {
        HorizonKind::Hours => Text::HorizonOneOff,
        HorizonKind::Month => Text::HorizonMonth,
        HorizonKind::Calendar => Text::HorizonCalendar,
    };
    worded(HorizonKind::ALL.map(|k| (k.as_str(), text(k))), lang)
}

/// The shapes a line's demand can take, in `lang`.
pub fn demand_kinds(lang: Lang) -> Vec<Choice> {
    let text = |k: DemandKind| match k {
        DemandKind::Always => Text::AllTime,
        DemandKind::Window => Text::Window,
        DemandKind::Weekly => Text::Weekly,
        DemandKind::Load => Text::FromLoad,
    };
    worded(DemandKind::ALL.map(|k| (k.as_str(), text(k))), lang)
}

/// When a serving line's load arrives (all the time, a window, a weekly curve), in `lang`.
pub fn load_shapes(lang: Lang) -> Vec<Choice> {
    let text = |k: LoadShapeKind| match k {
        LoadShapeKind::Always => Text::AllTime,
        LoadShapeKind::Window => Text::Window,
        LoadShapeKind::Weekly => Text::LoadWeekly,
    };
    worded(LoadShapeKind::ALL.map(|k| (k.as_str(), text(k))), lang)
}

/// How a line's GPUs may be spread over machines, in `lang`.
pub fn packing_kinds(lang: Lang) -> Vec<Choice> {
    let text = |k: PackingKind| match k {
        PackingKind::Split => Text::MachinesAny,
        PackingKind::OneMachine => Text::MachinesOne,
        PackingKind::AtLeast => Text::MachinesAtLeast,
    };
    worded(PackingKind::ALL.map(|k| (k.as_str(), text(k))), lang)
}

/// The currencies a price may be in, by code.
pub fn currencies() -> Vec<Choice> {
    Currency::ALL
        .into_iter()
        .map(|c| Choice::new(c.as_str(), c.as_str()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    #[test]
    fn time_zones_are_the_ones_the_engine_accepts_and_keep_a_links_own() {
        use crate::edit::Edit;
        use crate::scenario::Scenario;
        let c = &embedded().catalog;
        for m in TIME_ZONES {
            assert!(Edit::TimeZone(m).applies(&Scenario::default(), c), "{m}");
        }
        assert!(TIME_ZONES.windows(2).all(|w| w[0] < w[1]), "in order");
        let zh = time_zones(480, Lang::Zh);
        assert_eq!(zh.len(), TIME_ZONES.len());
        assert!(zh.contains(&Choice::new("480", "UTC+08:00（北京时间）")));
        assert!(time_zones(0, Lang::En).contains(&Choice::new("-570", "UTC-09:30")));
        // A link may set any whole minute; the menu shows it rather than another zone.
        let odd = time_zones(75, Lang::En);
        assert!(odd.contains(&Choice::new("75", "UTC+01:15")));
        assert!(!Edit::TimeZone(900).applies(&Scenario::default(), c));
    }

    #[test]
    fn every_menu_lists_what_the_engine_accepts() {
        let c = &embedded().catalog;
        for choice in gpus(c).iter().chain(&gpus_with_offer_counts(c)) {
            assert!(c.gpu(&choice.value).is_some(), "{}", choice.value);
        }
        assert_eq!(gpus(c).len(), c.gpus.len());
        for lang in [Lang::En, Lang::Zh] {
            let all = providers(c, lang);
            assert_eq!(all.len(), c.providers.len());
            assert!(providers_with_offers(c, lang).len() <= all.len());
            let modes = custom_modes(lang);
            for choice in &modes {
                assert!(CustomMode::from_slug(&choice.value).is_some());
            }
            assert_eq!(modes.len(), CustomMode::ALL.len());
            for choice in horizon_kinds(lang) {
                assert!(HorizonKind::from_slug(&choice.value).is_some());
            }
            for choice in demand_kinds(lang) {
                assert!(DemandKind::from_slug(&choice.value).is_some());
            }
            for choice in packing_kinds(lang) {
                assert!(PackingKind::from_slug(&choice.value).is_some());
            }
        }
        for choice in currencies() {
            assert!(choice.value.parse::<Currency>().is_ok());
        }
    }
}
