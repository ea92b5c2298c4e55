//! AWS G6f and Gr6f sizes are fractions of an NVIDIA L4 (24 GB), not whole L40s: the upstream
//! catalog (instances.vantage.sh data) named them "NVIDIA L40" with 48 GB, so the catalog
//! showed 48 GB of GPU memory for a 3 GB slice and compared its per-GPU price with L40s. These
//! tests failed on that data (source: AWS What's New 2025-07, "Amazon EC2 G6f instances with
//! fractional GPUs"; `data/AUDIT.md`).

use gpucost_core::billing_mode::BillingMode;
use gpucost_core::catalog::embedded;
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    s.parse().expect("decimal literal")
}

#[test]
fn g6f_and_gr6f_sizes_are_fractions_of_an_l4() {
    let catalog = &embedded().catalog;
    // (size, share of an L4) as AWS sells them and the upstream GPU count already says.
    for (id, share) in [
        ("aws/g6f.large", "0.125"),
        ("aws/g6f.xlarge", "0.125"),
        ("aws/g6f.2xlarge", "0.25"),
        ("aws/g6f.4xlarge", "0.5"),
        ("aws/gr6f.4xlarge", "0.5"),
    ] {
        let offer = catalog
            .offer(id)
            .unwrap_or_else(|| panic!("{id} in the catalog"));
        assert_eq!(&*offer.gpu, "L4", "{id} slices an L4, not an L40");
        assert_eq!(offer.gpus, d(share), "{id} GPU share");
        assert_eq!(
            offer.gpu_memory_gib,
            Some(d("24")),
            "{id}: memory is per whole GPU, an L4's 24 GB"
        );
    }
}

#[test]
fn a_g6f_large_has_three_gigabytes_and_an_l4_hour_price() {
    let offer = embedded()
        .catalog
        .offer("aws/g6f.large")
        .expect("g6f.large");
    let slice_memory = offer.gpus * offer.gpu_memory_gib.expect("memory known");
    assert_eq!(slice_memory, d("3"), "1/8 of a 24 GB L4");
    // us-east-1 on demand, vantage-aws 2026-01-21: 0.202 USD per instance-hour.
    let od = offer
        .price(BillingMode::OnDemand, "us-east-1")
        .expect("us-east-1 price");
    assert_eq!(od.amount, d("0.202"));
    assert_eq!(od.amount / offer.gpus, d("1.616"), "USD per whole-L4 hour");
    let l4 = embedded()
        .catalog
        .gpu(&offer.gpu)
        .expect("L4 is a catalog GPU");
    assert_eq!(l4.memory_gib, Some(d("24")));
}
