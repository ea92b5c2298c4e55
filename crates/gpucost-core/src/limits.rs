//! The accepted range of every number and text a person can enter, in one table.
//!
//! The URL decoders, [`crate::scenario::Scenario::validate`],
//! [`crate::recommend::Workload::validate`] and the page's form fields all read their bounds
//! from here, so a value the form offers is one the link keeps and the validator accepts.
//! This module knows nothing of messages; those say a bound by reading it from here too.
//!
//! Where a rule is narrower than a range (a prompt must fit the model's context, a window
//! must start inside the horizon), the rule lives with its type and the range here is the
//! outer bound every field shares.

use rust_decimal::Decimal;

/// An inclusive range of whole numbers: `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit<T> {
    /// Smallest accepted value.
    pub min: T,
    /// Largest accepted value.
    pub max: T,
}

impl<T: PartialOrd + Copy> Limit<T> {
    /// Whether `v` is in `min..=max`.
    pub fn contains(&self, v: T) -> bool {
        self.min <= v && v <= self.max
    }
}

/// Where a decimal range starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Floor {
    /// At this value or above.
    AtLeast(Decimal),
    /// Strictly above this value (an amount must be positive, however small).
    Above(Decimal),
}

/// A range of decimals with at most `scale` decimal places where typed into a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecimalLimit {
    /// Where the range starts.
    pub floor: Floor,
    /// Largest accepted value.
    pub max: Decimal,
    /// Most decimal places a form field (and, where said, a link) takes.
    pub scale: u32,
}

impl DecimalLimit {
    /// Whether `v` is within the floor and the maximum, at any precision.
    pub fn in_range(&self, v: Decimal) -> bool {
        let above_floor = match self.floor {
            Floor::AtLeast(min) => v >= min,
            Floor::Above(min) => v > min,
        };
        above_floor && v <= self.max
    }

    /// Whether `v` is in range with at most [`DecimalLimit::scale`] decimals.
    pub fn accepts(&self, v: Decimal) -> bool {
        self.in_range(v) && v.normalize().scale() <= self.scale
    }

    /// The smallest value [`DecimalLimit::accepts`]: the floor, or one step of the scale
    /// above an exclusive floor (what a form field shows as its lower bound).
    pub fn min(&self) -> Decimal {
        match self.floor {
            Floor::AtLeast(min) => min,
            Floor::Above(min) => min + Decimal::new(1, self.scale),
        }
    }
}

/// `mantissa × 10^-scale`, in a constant.
const fn dec(mantissa: u32, scale: u32) -> Decimal {
    Decimal::from_parts(mantissa, 0, 0, false, scale)
}

/// A percentage from zero to `max`, to two decimals.
const fn percent(max: u32) -> DecimalLimit {
    DecimalLimit {
        floor: Floor::AtLeast(Decimal::ZERO),
        max: dec(max, 0),
        scale: 2,
    }
}

// --- The scenario -------------------------------------------------------------------

/// Most resource lines in one scenario.
pub const MAX_LINES: usize = 8;
/// Most GPUs in one line at any moment.
pub const MAX_GPUS: u32 = 10_000;
/// GPUs in a line (fractional GPUs are shares of one): above zero, thousandths.
pub const GPU_COUNT: DecimalLimit = DecimalLimit {
    floor: Floor::Above(Decimal::ZERO),
    max: dec(MAX_GPUS, 0),
    scale: 3,
};
/// A serving line's peak load, requests per second (`l=T4*5000rps…`): above zero, thousandths.
pub const LOAD_RPS: DecimalLimit = DecimalLimit {
    floor: Floor::Above(Decimal::ZERO),
    max: dec(1_000_000, 0),
    scale: 3,
};
/// Requests per second one GPU of a serving line serves: the load's range.
pub const RPS_PER_GPU: DecimalLimit = LOAD_RPS;
/// Spare capacity a serving line keeps above its load, percent.
pub const HEADROOM_PCT: DecimalLimit = percent(300);
/// GPUs a serving line keeps running whatever its load.
pub const MIN_REPLICAS: Limit<u32> = Limit {
    min: 0,
    max: MAX_GPUS,
};
/// Minutes a serving line keeps its GPUs after its load falls (one day).
pub const SCALE_IN_MINUTES: Limit<u32> = Limit { min: 0, max: 1440 };
/// Percent of the peak load in one hour of a serving line's weekly curve.
pub const LOAD_SHAPE_PCT: Limit<u16> = Limit { min: 0, max: 100 };
/// Longest one-off horizon or window, hours (one year).
pub const MAX_HOURS: u32 = 8_760;
/// A one-off horizon or a window's length, hours: above zero, hundredths (the horizon must
/// also last a minute, a rule of [`crate::scenario::Horizon`]).
pub const HOURS: DecimalLimit = DecimalLimit {
    floor: Floor::Above(Decimal::ZERO),
    max: dec(MAX_HOURS, 0),
    scale: 2,
};
/// GPUs a line may require on each machine (the largest catalog machines have 16).
pub const GPUS_PER_MACHINE: Limit<u32> = Limit { min: 1, max: 64 };
/// Host vCPUs per GPU a scenario may require: above zero, tenths.
pub const VCPUS_PER_GPU: DecimalLimit = DecimalLimit {
    floor: Floor::Above(Decimal::ZERO),
    max: dec(256, 0),
    scale: 1,
};
/// Host RAM per GPU a scenario may require, GiB: above zero, tenths.
pub const RAM_GIB_PER_GPU: DecimalLimit = DecimalLimit {
    floor: Floor::Above(Decimal::ZERO),
    max: dec(4096, 0),
    scale: 1,
};
/// Most batch jobs in one scenario (`j=`).
pub const MAX_JOBS: usize = 64;
/// GPUs one batch job runs on at once (64 jobs of 128 stay within [`MAX_GPUS`]).
pub const JOB_GPUS: Limit<u32> = Limit { min: 1, max: 128 };
/// A batch job's earliest start or deadline, whole hours from the start of the period (its
/// deadline must also fall within the period, a rule of [`crate::batch::Job`]).
pub const JOB_HOUR: Limit<u32> = Limit {
    min: 0,
    max: MAX_HOURS,
};
/// Years a calendar-month horizon may fall in.
pub const CALENDAR_YEAR: Limit<i32> = Limit {
    min: 2000,
    max: 2100,
};
/// Minutes a scheduled window's GPUs start early (up to a day).
pub const LEAD_MINUTES: Limit<u32> = Limit { min: 0, max: 1440 };
/// The schedule's offset from UTC, minutes (−12:00 to +14:00).
pub const TZ_OFFSET_MINUTES: Limit<i16> = Limit {
    min: -12 * 60,
    max: 14 * 60,
};
/// Extra spot hours billed for interruptions, percent.
pub const SPOT_OVERHEAD_PCT: DecimalLimit = percent(200);
/// The least compute SLA a comparison keeps (`sla=`), percent.
pub const SLA_PCT: DecimalLimit = percent(100);
/// A negotiated discount, percent.
pub const DISCOUNT_PCT: DecimalLimit = percent(99);
/// The hour an off-peak window starts.
pub const OFF_PEAK_START_HOUR: Limit<u8> = Limit { min: 0, max: 23 };
/// The hour an off-peak window ends (24 is midnight).
pub const OFF_PEAK_END_HOUR: Limit<u8> = Limit { min: 0, max: 24 };
/// How much cheaper off-peak hours are, percent.
pub const OFF_PEAK_DISCOUNT_PCT: DecimalLimit = percent(90);
/// The share of work that can move off-peak, percent.
pub const OFF_PEAK_FLEXIBLE_PCT: DecimalLimit = percent(100);
/// A custom price per unit: above zero, to four decimals in the form.
pub const CUSTOM_PRICE_AMOUNT: DecimalLimit = DecimalLimit {
    floor: Floor::Above(Decimal::ZERO),
    max: dec(1_000_000, 0),
    scale: 4,
};
/// A budget or a reference amount: above zero, to cents in the form (where an empty or zero
/// field means "none").
pub const AMOUNT: DecimalLimit = DecimalLimit {
    floor: Floor::Above(Decimal::ZERO),
    max: dec(1_000_000_000, 0),
    scale: 2,
};
/// Most custom prices, and most discounts, one link holds.
pub const MAX_PRICES: usize = 32;
/// Longest name of a seller the user typed, characters.
pub const MAX_NAME_CHARS: usize = 40;
/// Longest label of the reference amount, characters.
pub const MAX_LABEL_CHARS: usize = 60;
/// Longest team (or project) name on a line, characters.
pub const MAX_TEAM_CHARS: usize = 32;
/// Yuan per US dollar the user may set, at any precision.
pub const FX_CNY_PER_USD: DecimalLimit = DecimalLimit {
    floor: Floor::AtLeast(dec(1, 2)),
    max: dec(1000, 0),
    scale: Decimal::MAX_SCALE,
};

// --- The workload -------------------------------------------------------------------

/// A custom model's parameter count.
pub const PARAMS: Limit<u64> = Limit {
    min: 1_000_000,
    max: 2_000_000_000_000,
};
/// A training sequence length, tokens (the model's context is the narrower rule).
pub const SEQ_LEN: Limit<u32> = Limit {
    min: 1,
    max: 1_000_000,
};
/// A training run's tokens, also when counted as samples × epochs × sequence length.
pub const TRAINING_TOKENS: Limit<u64> = Limit {
    min: 1,
    max: 100_000_000_000_000,
};
/// A training dataset, samples.
pub const SAMPLES: Limit<u64> = Limit {
    min: 1,
    max: 1_000_000_000_000,
};
/// Passes over the dataset.
pub const EPOCHS: Limit<u32> = Limit { min: 1, max: 1000 };
/// A serving rate in requests per second, to thousandths in the form.
pub const REQUESTS_PER_SECOND: DecimalLimit = DecimalLimit {
    floor: Floor::AtLeast(dec(1, 3)),
    max: dec(1_000_000, 0),
    scale: 3,
};
/// A serving rate in generated tokens per second, to thousandths in the form.
pub const TOKENS_PER_SECOND: DecimalLimit = DecimalLimit {
    floor: Floor::AtLeast(dec(1, 3)),
    max: dec(100_000_000, 0),
    scale: 3,
};
/// Prompt tokens per request (the model's context is the narrower rule).
pub const INPUT_TOKENS: Limit<u32> = Limit {
    min: 1,
    max: 1_000_000,
};
/// Generated tokens per request (zero for models that generate none).
pub const OUTPUT_TOKENS: Limit<u32> = Limit {
    min: 0,
    max: 1_000_000,
};
/// A serving latency bound, milliseconds (ten minutes).
pub const LATENCY_MS: Limit<u32> = Limit {
    min: 1,
    max: 600_000,
};
/// A batch job, requests.
pub const BATCH_REQUESTS: Limit<u64> = Limit {
    min: 1,
    max: 1_000_000_000_000,
};
/// Hours the work must finish within (ten years), to hundredths.
pub const DEADLINE_HOURS: DecimalLimit = DecimalLimit {
    floor: Floor::Above(Decimal::ZERO),
    max: dec(87_600, 0),
    scale: 2,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exclusive_floor_starts_one_step_above_it() {
        assert_eq!(GPU_COUNT.min(), Decimal::new(1, 3));
        assert_eq!(CUSTOM_PRICE_AMOUNT.min(), Decimal::new(1, 4));
        assert_eq!(DEADLINE_HOURS.min(), Decimal::new(1, 2));
        assert_eq!(REQUESTS_PER_SECOND.min(), Decimal::new(1, 3));
        assert!(!GPU_COUNT.in_range(Decimal::ZERO));
        assert!(CUSTOM_PRICE_AMOUNT.in_range(Decimal::new(1, 6)));
        assert!(!CUSTOM_PRICE_AMOUNT.accepts(Decimal::new(1, 6)));
    }

    #[test]
    fn constants_spell_the_numbers_they_name() {
        assert_eq!(HOURS.max, Decimal::from(MAX_HOURS));
        assert_eq!(GPU_COUNT.max, Decimal::from(MAX_GPUS));
        assert_eq!(SPOT_OVERHEAD_PCT.max, Decimal::from(200));
        assert_eq!(FX_CNY_PER_USD.min(), Decimal::new(1, 2));
        assert_eq!(AMOUNT.max, Decimal::from(1_000_000_000u64));
        assert!(LEAD_MINUTES.contains(24 * 60) && !LEAD_MINUTES.contains(24 * 60 + 1));
        assert!(TZ_OFFSET_MINUTES.contains(-720) && !TZ_OFFSET_MINUTES.contains(841));
    }
}
