//! Taking a recommendation into the scenario: the GPU, the machines' size and the GPU count
//! the recommendation priced, put into one line ("use this" on a recommended GPU).

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::catalog::Catalog;
use crate::limits::{GPUS_PER_MACHINE, GPU_COUNT};
use crate::placement::Packing;
use crate::recommend::{Candidate, PriceOption};
use crate::scenario::{Demand, Scenario};

/// A recommended plan as a line takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recommended {
    /// The GPU model (a catalog id).
    pub gpu: String,
    /// GPUs on each machine the plan rents; `None` for a slice of one GPU (any machine).
    pub per_machine: Option<u32>,
    /// GPUs the plan is budgeted with: its machines × GPUs per machine.
    pub gpus: Decimal,
}

impl Recommended {
    /// What `c` rents on its price `o`: the budgeted machines' GPUs, packed as `o`'s machines
    /// are. `None` when the count is beyond what a line may hold.
    pub fn of(c: &Candidate, o: &PriceOption) -> Option<Recommended> {
        let per_machine = if o.gpus_per_instance < Decimal::ONE {
            None
        } else {
            let k = o.gpus_per_instance.to_u32()?;
            GPUS_PER_MACHINE.contains(k).then_some(k)?;
            Some(k)
        };
        let gpus = Decimal::from(o.expected_instances).checked_mul(o.gpus_per_instance)?;
        GPU_COUNT.in_range(gpus).then(|| Recommended {
            gpu: c.profile.gpu.clone(),
            per_machine,
            gpus,
        })
    }

    /// The line it goes into: the first that rents its GPU already, else the first line.
    pub fn line_in(&self, scenario: &Scenario) -> Option<usize> {
        let same = scenario.lines.iter().position(|l| l.gpu == self.gpu);
        same.or((!scenario.lines.is_empty()).then_some(0))
    }

    /// Whether it can go into `scenario` (a GPU the catalog knows, counts within the limits).
    pub(super) fn applies(&self, scenario: &Scenario, catalog: &Catalog) -> bool {
        catalog.gpu(&self.gpu).is_some()
            && GPU_COUNT.in_range(self.gpus)
            && self
                .per_machine
                .is_none_or(|k| GPUS_PER_MACHINE.contains(k))
            && self.line_in(scenario).is_some()
    }

    /// Puts it into its line: that line rents the GPU, on machines of at least the plan's
    /// size, at the plan's count. A window keeps its hours; a painted week keeps its painted
    /// hours, each at the count in whole GPUs.
    pub(super) fn apply(self, scenario: &mut Scenario) {
        let Some(i) = self.line_in(scenario) else {
            return;
        };
        let line = &mut scenario.lines[i];
        line.gpu = self.gpu;
        line.packing = self.per_machine.map_or(Packing::Split, Packing::AtLeast);
        match &mut line.demand {
            Demand::Constant(gpus) | Demand::Window { gpus, .. } => *gpus = self.gpus,
            Demand::Weekly(grid) => {
                let whole = self.gpus.ceil().to_u16().unwrap_or(u16::MAX);
                for cell in grid.0.iter_mut().filter(|c| **c > 0) {
                    *cell = whole;
                }
            }
            // A serving line's count follows from its load, not from the plan.
            Demand::Load(_) => {}
        }
    }
}
