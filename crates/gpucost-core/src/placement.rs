//! Where a job may run: how a line's GPUs may be spread over machines, the place its prices
//! must come from, and the smallest host per GPU it needs (SkyPilot's `V100:4`, `region` and
//! `cpus`/`memory`).
//!
//! These are rules about catalog offers and their regions. Prices the user entered are the
//! user's quote for the job and are not checked against them (the results say so).
//! It knows nothing about prices or billing: the estimate asks it which offers and regions
//! may serve a line and, when none may, why.

use std::fmt;

use rust_decimal::Decimal;

use crate::catalog::{Catalog, Continent, Offer, RegionPlace};

/// How a line's GPUs may be spread over machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Packing {
    /// Any machines of any size: a serving fleet of independent replicas.
    #[default]
    Split,
    /// Every GPU the line needs at once on one machine: a training job whose GPUs talk to
    /// each other.
    OneMachine,
    /// At least this many GPUs on each machine (a multi-node job of whole nodes).
    AtLeast(u32),
}

/// The kind of a [`Packing`] without its number: one vocabulary for the form's menu and the
/// exports (`split`, `one-machine`, `at-least`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PackingKind {
    /// [`Packing::Split`].
    Split,
    /// [`Packing::OneMachine`].
    OneMachine,
    /// [`Packing::AtLeast`].
    AtLeast,
}

impl PackingKind {
    /// Every kind, in menu order.
    pub const ALL: [PackingKind; 3] = [
        PackingKind::Split,
        PackingKind::OneMachine,
        PackingKind::AtLeast,
    ];

    /// Stable slug, as the exports and the form write it.
    pub fn as_str(self) -> &'static str {
        match self {
            PackingKind::Split => "split",
            PackingKind::OneMachine => "one-machine",
            PackingKind::AtLeast => "at-least",
        }
    }

    /// The kind with this slug.
    pub fn from_slug(s: &str) -> Option<PackingKind> {
        PackingKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

impl Packing {
    /// Its kind, without the number.
    pub fn kind(self) -> PackingKind {
        match self {
            Packing::Split => PackingKind::Split,
            Packing::OneMachine => PackingKind::OneMachine,
            Packing::AtLeast(_) => PackingKind::AtLeast,
        }
    }

    /// The fewest GPUs a machine must have to serve a line whose peak is `peak` GPUs.
    pub fn min_per_machine(self, peak: Decimal) -> Option<Decimal> {
        match self {
            Packing::Split => None,
            Packing::OneMachine => Some(peak.ceil()),
            Packing::AtLeast(n) => Some(Decimal::from(n)),
        }
    }

    /// Whether a machine of `gpus` GPUs may serve a line whose peak is `peak` GPUs.
    pub fn admits(self, gpus: Decimal, peak: Decimal) -> bool {
        self.min_per_machine(peak).is_none_or(|min| gpus >= min)
    }
}

/// Where a job's prices must come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Geo {
    /// Any region.
    #[default]
    Anywhere,
    /// Mainland China only (Hong Kong, Macau and Taiwan are not mainland).
    MainlandChina,
    /// Anywhere but mainland China.
    OutsideMainlandChina,
    /// One continent.
    Continent(Continent),
}

impl Geo {
    /// Every choice, in menu order.
    pub fn all() -> Vec<Geo> {
        let mut all = vec![Geo::Anywhere, Geo::MainlandChina, Geo::OutsideMainlandChina];
        all.extend(Continent::ALL.map(Geo::Continent));
        all
    }

    /// Stable slug (`cn`, `not-cn`, `eu`, …); `any` for anywhere.
    pub fn as_str(self) -> &'static str {
        match self {
            Geo::Anywhere => "any",
            Geo::MainlandChina => "cn",
            Geo::OutsideMainlandChina => "not-cn",
            Geo::Continent(c) => c.as_str(),
        }
    }

    /// The choice with this slug.
    pub fn from_slug(s: &str) -> Option<Geo> {
        Geo::all().into_iter().find(|g| g.as_str() == s)
    }

    /// Whether a region at `place` is inside: `None` when its place is not known well enough
    /// to say (such regions are left out and counted, never guessed).
    pub fn contains(self, place: Option<&RegionPlace>) -> Option<bool> {
        match self {
            Geo::Anywhere => Some(true),
            Geo::MainlandChina => place?.in_mainland_china(),
            Geo::OutsideMainlandChina => place?.in_mainland_china().map(|cn| !cn),
            Geo::Continent(c) => place?.continent.map(|pc| pc == c),
        }
    }
}

impl fmt::Display for Geo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The region the catalog lists a price under when its source names none (Alibaba Cloud
/// International's and the neoclouds' dated 2026 rows: `catalog-import`'s
/// `REGION_NOT_NAMED`). Two such prices may be from different regions, so they never share
/// one region with another line (see [`Spread::OneRegion`]).
pub const REGION_NOT_NAMED: &str = "region-not-named";

/// How a provider's lines may be spread over its regions.
///
/// By default each line is priced in whichever region of a provider is cheapest for it, so a
/// two-line scenario may put its A100s in one country and its V100s in another. A team whose
/// GPUs share data and a network asks for one region instead: every line in the same region
/// of the provider, the region where the whole scenario costs least.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Spread {
    /// Each line in its own cheapest region.
    #[default]
    AnyRegions,
    /// Every line in one region of the provider.
    OneRegion,
}

impl Spread {
    /// Every choice, in menu order.
    pub const ALL: [Spread; 2] = [Spread::AnyRegions, Spread::OneRegion];

    /// Stable slug (`any`, `one-region`), as links write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Spread::AnyRegions => "any",
            Spread::OneRegion => "one-region",
        }
    }

    /// The choice with this slug.
    pub fn from_slug(s: &str) -> Option<Spread> {
        Spread::ALL.into_iter().find(|g| g.as_str() == s)
    }
}

impl fmt::Display for Spread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The smallest host per GPU a job needs (CPU-side preprocessing, data loading).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct HostFloor {
    /// Fewest host vCPUs per GPU.
    pub vcpus_per_gpu: Option<Decimal>,
    /// Least host RAM per GPU, GiB.
    pub ram_gib_per_gpu: Option<Decimal>,
}

impl HostFloor {
    /// Whether the floor asks for anything.
    pub fn is_set(&self) -> bool {
        self.vcpus_per_gpu.is_some() || self.ram_gib_per_gpu.is_some()
    }

    /// Whether `offer`'s host meets the floor: `None` when the catalog does not list the host
    /// size the floor asks about (such offers are left out, with that reason).
    pub fn admits(&self, offer: &Offer) -> Option<bool> {
        if offer.gpus <= Decimal::ZERO {
            return Some(!self.is_set());
        }
        let per_gpu = |floor: Option<Decimal>, have: Option<Decimal>| match floor {
            None => Some(true),
            Some(min) => have.map(|h| h / offer.gpus >= min),
        };
        let vcpus = per_gpu(self.vcpus_per_gpu, offer.vcpus)?;
        let ram = per_gpu(self.ram_gib_per_gpu, offer.ram_gib)?;
        Some(vcpus && ram)
    }
}

/// The scenario-wide rules for catalog offers: where their prices come from and the smallest
/// host per GPU. (Packing is per line; see [`Packing`].)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Placement {
    /// Where catalog prices must come from.
    pub geo: Geo,
    /// The smallest host per GPU.
    pub host: HostFloor,
}

impl Placement {
    /// Whether `offer`'s host is listed and meets the floor.
    pub fn admits_offer(&self, offer: &Offer) -> bool {
        self.host.admits(offer) == Some(true)
    }

    /// Whether `provider`'s region `region` is known to be in the chosen place.
    pub fn admits_region(&self, catalog: &Catalog, provider: &str, region: &str) -> bool {
        self.geo.contains(catalog.place(provider, region)) == Some(true)
    }
}

/// How a machine's GPUs talk to each other, where the catalog says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Interconnect {
    /// NVLink: an SXM board or a PCIe NVLink bridge.
    NvLink,
    /// PCIe only: the card has no NVLink at all.
    Pcie,
}

impl Interconnect {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            Interconnect::NvLink => "nvlink",
            Interconnect::Pcie => "pcie",
        }
    }

    /// What the catalog knows about `offer`'s interconnect: NVLink when the provider's own
    /// accelerator name says SXM or NVLink; PCIe when the card's datasheet row says it has no
    /// NVLink. A datasheet row that has NVLink proves nothing about this machine (a PCIe card
    /// may lack the bridge), and neither does a one-GPU machine: both are `None`.
    pub fn of(catalog: &Catalog, offer: &Offer) -> Option<Interconnect> {
        if offer.gpus <= Decimal::ONE {
            return None;
        }
        let name = offer.variant.to_ascii_uppercase();
        if name.contains("SXM") || name.contains("NVLINK") {
            return Some(Interconnect::NvLink);
        }
        let spec = offer
            .spec
            .as_deref()
            .or_else(|| catalog.gpu(&offer.gpu).and_then(|g| g.spec.as_deref()))?;
        let row = catalog.specs.iter().find(|s| s.model == spec)?;
        (row.nvlink == Some(false)).then_some(Interconnect::Pcie)
    }
}

/// A rule that left a seller's offers out of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// Its machines have too few GPUs: fewer than this many.
    GpusPerMachine(u32),
    /// Its hosts are smaller than the floor.
    HostTooSmall,
    /// The catalog does not list its host size.
    HostUnknown,
    /// None of its regions is in the chosen place.
    Place(Geo),
    /// Its regions' places are not known.
    PlaceUnknown,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    fn place(country: Option<&'static str>, continent: Option<Continent>) -> RegionPlace {
        RegionPlace {
            provider: "p".into(),
            region: "r".into(),
            country: country.map(Into::into),
            continent,
            source: "s".into(),
        }
    }

    #[test]
    fn hong_kong_is_not_mainland_china() {
        let hk = place(Some("HK"), Some(Continent::As));
        let bj = place(Some("CN"), Some(Continent::As));
        assert_eq!(Geo::MainlandChina.contains(Some(&hk)), Some(false));
        assert_eq!(Geo::OutsideMainlandChina.contains(Some(&hk)), Some(true));
        assert_eq!(Geo::MainlandChina.contains(Some(&bj)), Some(true));
        assert_eq!(
            Geo::Continent(Continent::As).contains(Some(&hk)),
            Some(true)
        );
    }

    #[test]
    fn an_unknown_place_is_never_guessed() {
        let pool = place(None, None);
        let asia = place(None, Some(Continent::As));
        let europe = place(None, Some(Continent::Eu));
        for geo in [Geo::MainlandChina, Geo::OutsideMainlandChina] {
            assert_eq!(geo.contains(Some(&pool)), None);
            assert_eq!(geo.contains(Some(&asia)), None, "{geo}");
            assert_eq!(geo.contains(None), None);
        }
        // A European pool is outside mainland China whatever its country.
        assert_eq!(
            Geo::OutsideMainlandChina.contains(Some(&europe)),
            Some(true)
        );
        assert_eq!(Geo::Anywhere.contains(None), Some(true));
    }

    #[test]
    fn slugs_round_trip() {
        for g in Geo::all() {
            assert_eq!(Geo::from_slug(g.as_str()), Some(g));
        }
        for s in Spread::ALL {
            assert_eq!(Spread::from_slug(s.as_str()), Some(s));
        }
        assert_eq!(Spread::from_slug("ONE"), None);
        assert_eq!(Geo::from_slug("CN"), None);
    }

    #[test]
    fn packing_sets_the_smallest_machine() {
        let four = Decimal::from(4);
        assert!(Packing::Split.admits(Decimal::ONE, four));
        assert!(!Packing::OneMachine.admits(Decimal::ONE, four));
        assert!(Packing::OneMachine.admits(Decimal::from(8), four));
        assert!(Packing::OneMachine.admits(four, Decimal::new(35, 1)));
        assert!(!Packing::AtLeast(8).admits(four, Decimal::from(16)));
    }

    #[test]
    fn interconnect_is_shown_only_where_the_catalog_says() {
        let catalog = &embedded().catalog;
        let of = |id: &str| Interconnect::of(catalog, catalog.offer(id).unwrap());
        // g4dn.12xlarge: 4 × T4, a card without NVLink.
        assert_eq!(of("aws/g4dn.12xlarge"), Some(Interconnect::Pcie));
        // p3.8xlarge: 4 × V100, listed as "NVIDIA V100": which board is not said.
        assert_eq!(of("aws/p3.8xlarge"), None);
        assert_eq!(of("aws/g4dn.xlarge"), None, "one GPU has no interconnect");
        let sxm = catalog
            .offers
            .iter()
            .find(|o| o.gpus > Decimal::ONE && o.variant.contains("SXM"))
            .unwrap();
        assert_eq!(Interconnect::of(catalog, sxm), Some(Interconnect::NvLink));
    }

    #[test]
    fn a_host_floor_is_per_gpu_and_unknown_hosts_are_not_admitted() {
        let catalog = &embedded().catalog;
        // p3.8xlarge: 4 × V100, 32 vCPUs, 244 GiB.
        let p3 = catalog.offer("aws/p3.8xlarge").unwrap();
        let floor = |v: i64, r: i64| HostFloor {
            vcpus_per_gpu: Some(Decimal::from(v)),
            ram_gib_per_gpu: Some(Decimal::from(r)),
        };
        assert_eq!(floor(8, 61).admits(p3), Some(true));
        assert_eq!(floor(9, 61).admits(p3), Some(false));
        assert_eq!(floor(8, 62).admits(p3), Some(false));
        let unlisted = Offer {
            vcpus: None,
            ..p3.clone()
        };
        assert_eq!(floor(1, 1).admits(&unlisted), None);
        assert_eq!(HostFloor::default().admits(&unlisted), Some(true));
    }
}
