//! Why a review lever could not be priced: the one reason type the lever modules share.

/// Why a lever could not be priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotPriced {
    /// Rightsizing needs the GPUs' memory in use, which no bill says: a utilization side
    /// file does.
    NeedsUtilization,
    /// The side file has no samples with memory in use for every resource of any priced GPU
    /// model.
    NoMemorySamples,
    /// No priced GPU model's memory in use fits a smaller GPU the provider offers.
    NoSmallerGpuFits,
    /// The bill's main provider is not in the catalog, so there is no baseline to compare.
    ProviderNotInCatalog,
    /// The bill has no dev/test-tagged GPU use outside office hours.
    NoDevOffHours,
    /// No GPU row carries an environment tag (`env`, `environment`, `stage`), so no GPU use
    /// is known to be dev/test.
    NoEnvTag,
    /// Google Cloud's cost table has no labels (the review reads only its project, as the
    /// tag `project`), so no GPU use is known to be dev/test.
    NoLabelsInGcpCostTable,
    /// Dev/test GPUs ran outside office hours, but none at the main provider, whose usage
    /// the levers cover.
    DevOffHoursElsewhere,
    /// The catalog has no price for this lever at the main provider.
    NoPrice,
    /// The catalog's committed-use prices at the main provider are for GPUs alone (Google's
    /// committed-use GPU SKUs), without the machine a plan needs.
    CommittedForGpusAlone,
    /// Priced, but it would not save anything on this usage.
    NoSaving,
    /// The bill does not date its rows, so no weekly pattern can be derived.
    Undated,
    /// The bill's dated GPU use is too little to fill one GPU in any hour of the average
    /// week (or it has no GPU rows), so there is no scenario to price.
    NoGpuWeek,
}
