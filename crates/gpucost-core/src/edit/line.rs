//! The shapes a line's demand can take and how a line's machines are chosen, with the
//! defaults a line gets when its menus change (a form keeps none of its own).

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::limits::{GPUS_PER_MACHINE, GPU_COUNT};
use crate::placement::{Packing, PackingKind};
use crate::scenario::Demand;
use crate::schedule::Pattern;
use crate::traffic::{Load, LoadShape};

/// When a new window starts: 09:00, a working day's start.
pub const DEFAULT_WINDOW_START_MINUTE: u32 = 9 * 60;
/// How long a new window lasts: a working day.
pub const DEFAULT_WINDOW_MINUTES: u32 = 8 * 60;

/// The shapes of a line's demand, with the slugs the form writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DemandKind {
    /// [`Demand::Constant`].
    Always,
    /// [`Demand::Window`].
    Window,
    /// [`Demand::Weekly`].
    Weekly,
    /// [`Demand::Load`]: GPUs derived from requests per second.
    Load,
}

impl DemandKind {
    /// Every shape, in menu order.
    pub const ALL: [DemandKind; 4] = [
        DemandKind::Always,
        DemandKind::Window,
        DemandKind::Weekly,
        DemandKind::Load,
    ];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            DemandKind::Always => "always",
            DemandKind::Window => "window",
            DemandKind::Weekly => "weekly",
            DemandKind::Load => "load",
        }
    }

    /// The shape with this slug.
    pub fn from_slug(s: &str) -> Option<DemandKind> {
        DemandKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The shape of `demand`.
    pub fn of(demand: &Demand) -> DemandKind {
        match demand {
            Demand::Constant(_) => DemandKind::Always,
            Demand::Window { .. } => DemandKind::Window,
            Demand::Weekly(_) => DemandKind::Weekly,
            Demand::Load(_) => DemandKind::Load,
        }
    }

    /// `demand` in this shape, keeping its GPU count: a window is a working day (09:00 for
    /// eight hours), a week is business hours at the count rounded up, and a load is one
    /// request per second per GPU all the time (a placeholder that keeps the count until the
    /// GPU's real capacity is typed).
    pub fn reshape(self, demand: &Demand) -> Demand {
        if DemandKind::of(demand) == self {
            return demand.clone();
        }
        let peak = demand.peak().max(Decimal::ONE);
        match self {
            DemandKind::Always => Demand::Constant(peak),
            DemandKind::Window => Demand::Window {
                gpus: peak,
                start_minute: DEFAULT_WINDOW_START_MINUTE,
                minutes: DEFAULT_WINDOW_MINUTES,
            },
            DemandKind::Weekly => {
                let whole = peak.ceil().min(GPU_COUNT.max).to_u16().unwrap_or(1);
                Demand::Weekly(Pattern::BusinessHours.grid(whole))
            }
            DemandKind::Load => {
                Demand::Load(Load::always(peak.ceil().min(GPU_COUNT.max), Decimal::ONE))
            }
        }
    }
}

/// When a serving line's load arrives, as its menu names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LoadShapeKind {
    /// [`LoadShape::Always`].
    Always,
    /// [`LoadShape::Window`].
    Window,
    /// [`LoadShape::Weekly`]: a painted curve in percent of the peak rate.
    Weekly,
}

impl LoadShapeKind {
    /// Every shape, in menu order.
    pub const ALL: [LoadShapeKind; 3] = [
        LoadShapeKind::Always,
        LoadShapeKind::Window,
        LoadShapeKind::Weekly,
    ];

    /// Stable slug (the menu's values and test ids).
    pub fn as_str(self) -> &'static str {
        match self {
            LoadShapeKind::Always => "always",
            LoadShapeKind::Window => "window",
            LoadShapeKind::Weekly => "weekly",
        }
    }

    /// The shape with this slug.
    pub fn from_slug(s: &str) -> Option<LoadShapeKind> {
        LoadShapeKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The kind of `shape`.
    pub fn of(shape: &LoadShape) -> LoadShapeKind {
        match shape {
            LoadShape::Always => LoadShapeKind::Always,
            LoadShape::Window { .. } => LoadShapeKind::Window,
            LoadShape::Weekly(_) => LoadShapeKind::Weekly,
        }
    }

    /// `shape` as this kind: a window is a working day on the first day (09:00 for eight
    /// hours, like a GPU line's window), a curve is the peak rate in business hours and none
    /// outside them, for the user to paint from.
    pub fn reshape(self, shape: &LoadShape) -> LoadShape {
        if LoadShapeKind::of(shape) == self {
            return shape.clone();
        }
        match self {
            LoadShapeKind::Always => LoadShape::Always,
            LoadShapeKind::Window => LoadShape::Window {
                start_minute: DEFAULT_WINDOW_START_MINUTE,
                minutes: DEFAULT_WINDOW_MINUTES,
            },
            LoadShapeKind::Weekly => LoadShape::Weekly(Pattern::BusinessHours.grid(100)),
        }
    }
}

/// The packing a line gets when its menu is set to `kind`: "at least" keeps the number it
/// had, or starts from the line's peak in whole GPUs within the per-machine limit.
pub fn packing_of_kind(kind: PackingKind, current: Packing, demand: &Demand) -> Packing {
    match (kind, current) {
        (PackingKind::Split, _) => Packing::Split,
        (PackingKind::OneMachine, _) => Packing::OneMachine,
        (PackingKind::AtLeast, Packing::AtLeast(n)) => Packing::AtLeast(n),
        (PackingKind::AtLeast, _) => {
            let peak = demand.peak().ceil().to_u32().unwrap_or(1);
            Packing::AtLeast(peak.clamp(GPUS_PER_MACHINE.min, GPUS_PER_MACHINE.max))
        }
    }
}
