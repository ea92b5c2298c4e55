//! `catalog-import refresh aws azure` on recorded responses in the providers' documented
//! formats (`tests/fixtures/refresh/`, README there): the rows equal a hand-checked list,
//! paging is followed and bounded, unknown fields are ignored, and a GPU the catalog does not
//! know or a changed unit is reported instead of guessed. No network.

use std::path::PathBuf;

use catalog_import::refresh::{
    changes, refresh, to_csv, Change, Fetch, FixtureFetch, RefreshError, RefreshMode, Skipped,
};
use gpucost_core::catalog::embedded;

fn fixtures() -> FixtureFetch {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/refresh");
    FixtureFetch::open(&dir).expect("the recorded responses")
}

fn rows(provider: &str) -> Vec<String> {
    let r = refresh(provider, &fixtures(), &embedded().catalog).unwrap();
    r.rows
        .iter()
        .map(|r| {
            format!(
                "{} {} {} {} {}",
                r.offer_id(),
                r.region,
                r.mode.as_str(),
                r.amount,
                r.as_of
            )
        })
        .collect()
}

#[test]
fn aws_rows_are_the_hand_checked_ones() {
    // us-east-1: g6f.large Linux at 0.19 (its Windows SKU, the m5.large without a GPU and the
    // storage product are not rows); us-west-2, the second region file: g6f.large at 0.202 and
    // g6f.2xlarge at 0.5. The index's third region is not one the catalog prices and is not
    // fetched (it has no recording: fetching it would fail).
    assert_eq!(
        rows("aws"),
        [
            "aws/g6f.2xlarge us-west-2 on-demand 0.5 2026-12-01",
            "aws/g6f.large us-east-1 on-demand 0.19 2026-12-01",
            "aws/g6f.large us-west-2 on-demand 0.202 2026-12-01",
        ]
    );
}

#[test]
fn azure_rows_follow_the_next_page_link() {
    // Page 1: on demand and spot in eastus (Windows, Low Priority and the reservation are
    // not rows); page 2, reached through NextPageLink: westus2 on demand. The D2s v5 has no
    // GPU and is not in the catalog: silently not a row.
    assert_eq!(
        rows("azure"),
        [
            "azure/Standard_NC24ads_A100_v4 eastus on-demand 3.673 2026-11-01",
            "azure/Standard_NC24ads_A100_v4 eastus spot 0.8 2026-11-01",
            "azure/Standard_NC24ads_A100_v4 westus2 on-demand 3.5 2026-11-01",
        ]
    );
}

#[test]
fn an_unknown_gpu_and_a_changed_unit_are_reported_not_guessed() {
    let catalog = &embedded().catalog;
    let aws = refresh("aws", &fixtures(), catalog).unwrap();
    assert_eq!(
        aws.skipped,
        [
            Skipped::UnknownGpu {
                provider: "aws".into(),
                instance: "g7.xlarge".into()
            },
            Skipped::ChangedUnit {
                provider: "aws".into(),
                instance: "p4d.24xlarge".into(),
                unit: "Quantity".into()
            },
        ]
    );
    let azure = refresh("azure", &fixtures(), catalog).unwrap();
    assert!(azure.skipped.contains(&Skipped::UnknownGpu {
        provider: "azure".into(),
        instance: "Standard_NV999x_v9".into()
    }));
    assert!(azure.skipped.contains(&Skipped::ChangedUnit {
        provider: "azure".into(),
        instance: "Standard_NC24ads_A100_v4".into(),
        unit: "100 Hours".into()
    }));
    assert!(aws
        .rows
        .iter()
        .chain(&azure.rows)
        .all(|r| !r.instance.contains("999")));
}

#[test]
fn a_refresh_says_what_changed_with_the_percentage() {
    let catalog = &embedded().catalog;
    let aws = refresh("aws", &fixtures(), catalog).unwrap();
    let said: Vec<String> = changes(catalog, "aws", &aws.rows)
        .iter()
        .filter(|c| !matches!(c, Change::Gone { .. }))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        said,
        [
            "up    aws/g6f.2xlarge on-demand us-west-2: 0.475 -> 0.5 (+5.26%)",
            "down  aws/g6f.large on-demand us-east-1: 0.202 -> 0.19 (-5.94%)",
        ]
    );
    // A catalog price of a covered region that the refresh no longer lists is "gone".
    let all = changes(catalog, "aws", &aws.rows);
    assert!(all.iter().any(|c| matches!(
        c,
        Change::Gone { offer, region, .. } if offer == "aws/p4d.24xlarge" && region == "us-east-1"
    )));
    let azure = refresh("azure", &fixtures(), catalog).unwrap();
    let spot = changes(catalog, "azure", &azure.rows)
        .into_iter()
        .find(|c| matches!(c, Change::Moved { row, .. } if row.mode == RefreshMode::Spot))
        .expect("the eastus spot price moved");
    assert_eq!(
        spot.to_string(),
        "up    azure/Standard_NC24ads_A100_v4 spot eastus: 0.746721 -> 0.8 (+7.14%)"
    );
    // The rows are written as dated source rows with the catalog's GPU facts.
    let csv = to_csv(catalog, &aws.rows);
    assert!(csv.lines().nth(2).unwrap().starts_with(
        "aws,g6f.large,L4,0.125,24,2,8,us-east-1,on-demand,0.19,USD,hour,2026-12-01,https://"
    ));
}

/// A page that links to itself would loop for ever: the refresh stops with an error.
#[test]
fn paging_that_does_not_end_stops() {
    struct Loop;
    impl Fetch for Loop {
        fn get(&self, url: &str) -> Result<String, RefreshError> {
            Ok(format!(
                r#"{{"Items": [], "NextPageLink": "{url}", "SomethingNew": 1}}"#
            ))
        }
    }
    let err = refresh("azure", &Loop, &embedded().catalog).unwrap_err();
    assert!(matches!(err, RefreshError::Paging { .. }), "{err}");
    let err = refresh("tencent", &Loop, &embedded().catalog).unwrap_err();
    assert!(matches!(err, RefreshError::UnknownProvider(_)), "{err}");
    struct Garbage;
    impl Fetch for Garbage {
        fn get(&self, _: &str) -> Result<String, RefreshError> {
            Ok("<html>".into())
        }
    }
    let err = refresh("aws", &Garbage, &embedded().catalog).unwrap_err();
    assert!(matches!(err, RefreshError::Format { .. }), "{err}");
}
