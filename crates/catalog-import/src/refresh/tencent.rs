//! Tencent Cloud CVM `DescribeZoneInstanceConfigInfos` (a SecretId and SecretKey:
//! `TENCENTCLOUD_SECRET_ID`, `TENCENTCLOUD_SECRET_KEY`, of an international-site account, whose
//! prices are in USD): for each region the catalog prices Tencent Cloud International in, one
//! `POST https://cvm.intl.tencentcloudapi.com/` (`X-TC-Action`, `X-TC-Region`, `X-TC-Version
//! 2017-03-12`, signed TC3-HMAC-SHA256) filtered to pay-as-you-go (`instance-charge-type`
//! `POSTPAID_BY_HOUR`) returns `Response.InstanceTypeQuotaSet[]`: each zone's instance types
//! with `Price.UnitPrice` (the list price, before an account's discount) per `Price.ChargeUnit`,
//! or `Response.Error` (`Code`, `Message`), as the API reference documents them
//! (<https://www.tencentcloud.com/document/api/213/33254>; signature:
//! <https://www.tencentcloud.com/document/product/267/37447>). A catalog price of a zone
//! (`ap-guangzhou-3`) is that zone's price; of a region (`ap-beijing`), the price every zone
//! of the region agrees on (zones that disagree are reported, not averaged). The China site's
//! catalog prices name no region (`cn-mainland`) and are not refreshed.

use std::collections::{BTreeMap, BTreeSet};

use gpucost_core::billing_mode::BillingMode;
use gpucost_core::catalog::Catalog;
use gpucost_core::money::Currency;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::{date, format_error, Fetch, RefreshError, RefreshRow, Refreshed, Skipped};

/// The CVM API host of the international site.
pub const HOST: &str = "cvm.intl.tencentcloudapi.com";
/// One region's answer lists a few hundred instance types.
pub const RESPONSE_LIMIT: u64 = 16 << 20;
/// The request body: pay-as-you-go prices only.
pub const BODY: &str =
    r#"{"Filters":[{"Name":"instance-charge-type","Values":["POSTPAID_BY_HOUR"]}]}"#;

/// A SecretId and SecretKey pair.
#[derive(Clone)]
pub struct SecretKey {
    /// `TENCENTCLOUD_SECRET_ID`.
    pub id: String,
    /// `TENCENTCLOUD_SECRET_KEY`.
    pub key: String,
}

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SecretKey {{ id: {:?}, key: <hidden> }}", self.id)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hmac256(key: &[u8], msg: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(msg.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// The `Authorization` header of a TC3-HMAC-SHA256 `POST /` with a JSON `payload`, signing
/// `content-type` and `host` (and `x-tc-action` when `action` is given), at `timestamp`
/// (seconds since 1970, UTC).
pub fn authorization(
    secret: &SecretKey,
    service: &str,
    host: &str,
    action: Option<&str>,
    payload: &str,
    timestamp: i64,
) -> String {
    let day = chrono::DateTime::from_timestamp(timestamp, 0)
        .map(|t| t.format("%Y-%m-%d").to_string())
        .unwrap_or_default();
    let mut headers = format!("content-type:application/json; charset=utf-8\nhost:{host}\n");
    let mut signed = "content-type;host".to_string();
    if let Some(action) = action {
        headers.push_str(&format!("x-tc-action:{}\n", action.to_ascii_lowercase()));
        signed.push_str(";x-tc-action");
    }
    let canonical = format!(
        "POST\n/\n\n{headers}\n{signed}\n{}",
        hex(&Sha256::digest(payload.as_bytes()))
    );
    let scope = format!("{day}/{service}/tc3_request");
    let to_sign = format!(
        "TC3-HMAC-SHA256\n{timestamp}\n{scope}\n{}",
        hex(&Sha256::digest(canonical.as_bytes()))
    );
    let k = hmac256(format!("TC3{}", secret.key).as_bytes(), &day);
    let k = hmac256(&k, service);
    let k = hmac256(&k, "tc3_request");
    let signature = hex(&hmac256(&k, &to_sign));
    format!(
        "TC3-HMAC-SHA256 Credential={}/{scope}, SignedHeaders={signed}, Signature={signature}",
        secret.id
    )
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Envelope {
    response: Body,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Body {
    #[serde(default)]
    instance_type_quota_set: Vec<Quota>,
    error: Option<ApiError>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ApiError {
    code: String,
    #[serde(default)]
    message: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Quota {
    zone: String,
    instance_type: String,
    price: Option<ItemPrice>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ItemPrice {
    unit_price: Option<f64>,
    #[serde(default)]
    charge_unit: String,
}

/// A zone id (`ap-guangzhou-3`) is its region and a number.
fn region_of(place: &str) -> &str {
    match place.rsplit_once('-') {
        Some((region, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => region,
        _ => place,
    }
}

/// The (instance type, region or zone) pairs the catalog prices Tencent Cloud International in.
pub fn catalog_pairs(catalog: &Catalog) -> Vec<(String, String)> {
    super::on_demand_pairs(catalog, "tencent-intl")
}

/// Pay-as-you-go list prices of `pairs`, one signed request per region at `timestamp`;
/// `today` dates the rows (the API gives current prices without a date).
///
/// # Errors
/// When a request fails, the API answers an error (a wrong key, say), or a response is not in
/// the documented format.
pub fn refresh_pairs(
    fetch: &dyn Fetch,
    pairs: &[(String, String)],
    secret: &SecretKey,
    timestamp: i64,
    today: &str,
) -> Result<Refreshed, RefreshError> {
    let mut out = Refreshed::default();
    let pairs: Vec<&(String, String)> = pairs
        .iter()
        .filter(|(i, p)| crate::refresh::is_safe_id(i) && crate::refresh::is_safe_id(p))
        .collect();
    let regions: BTreeSet<&str> = pairs.iter().map(|(_, p)| region_of(p)).collect();
    if regions.len() > super::MAX_PAGES {
        return Err(RefreshError::Paging {
            url: format!("https://{HOST}/"),
        });
    }
    let url = format!("https://{HOST}/");
    // (zone, instance type) → (unit price, charge unit), of every region asked.
    let mut prices: BTreeMap<(String, String), (f64, String)> = BTreeMap::new();
    for region in &regions {
        let shown = format!("{url} DescribeZoneInstanceConfigInfos {region}");
        let action = "DescribeZoneInstanceConfigInfos";
        let auth = authorization(secret, "cvm", HOST, Some(action), BODY, timestamp);
        let stamp = timestamp.to_string();
        let headers = [
            ("Authorization", auth.as_str()),
            ("Content-Type", "application/json; charset=utf-8"),
            ("Host", HOST),
            ("X-TC-Action", action),
            ("X-TC-Timestamp", stamp.as_str()),
            ("X-TC-Version", "2017-03-12"),
            ("X-TC-Region", region),
        ];
        let reader = fetch.post(&url, &headers, BODY.as_bytes())?;
        let reader = std::io::BufReader::new(super::bounded(reader, RESPONSE_LIMIT));
        let envelope: Envelope =
            serde_json::from_reader(reader).map_err(|e| format_error(&shown, e))?;
        if let Some(e) = envelope.response.error {
            return Err(RefreshError::Fetch {
                url: shown,
                message: format!("{}: {}", e.code, e.message),
            });
        }
        for q in envelope.response.instance_type_quota_set {
            let Some(price) = q.price else { continue };
            let Some(unit_price) = price.unit_price else {
                continue;
            };
            prices.insert((q.zone, q.instance_type), (unit_price, price.charge_unit));
        }
    }
    for (instance, place) in pairs {
        let found: Vec<&(f64, String)> = prices
            .iter()
            .filter(|((zone, ty), _)| {
                ty == instance && (zone == place || region_of(zone) == place.as_str())
            })
            .map(|(_, v)| v)
            .collect();
        let not_offered = |code: &str| Skipped::NotOffered {
            provider: "tencent-intl".into(),
            instance: instance.clone(),
            region: place.clone(),
            code: code.into(),
        };
        let Some((_, unit)) = found.first() else {
            out.skipped
                .push(not_offered("not listed as pay-as-you-go in any zone"));
            continue;
        };
        if let Some((_, bad)) = found.iter().find(|(_, u)| u != "HOUR") {
            out.skipped.push(Skipped::ChangedUnit {
                provider: "tencent-intl".into(),
                instance: instance.clone(),
                unit: bad.clone(),
            });
            continue;
        }
        debug_assert_eq!(unit, "HOUR");
        let amounts: BTreeSet<String> = found.iter().map(|(p, _)| p.to_string()).collect();
        if amounts.len() > 1 {
            let list: Vec<String> = amounts.into_iter().collect();
            out.skipped.push(Skipped::Ambiguous {
                provider: "tencent-intl".into(),
                instance: instance.clone(),
                what: format!("on-demand {place}: zones at {}", list.join(" or ")),
            });
            continue;
        }
        let shown = format!("{url} DescribeZoneInstanceConfigInfos {}", region_of(place));
        let amount = super::price(&shown, &found[0].0.to_string())?;
        if amount.is_zero() {
            continue;
        }
        out.rows.push(RefreshRow {
            provider: "tencent-intl".into(),
            instance: instance.clone(),
            region: place.clone(),
            mode: BillingMode::OnDemand,
            amount,
            currency: Currency::Usd,
            as_of: date(&shown, today)?,
            source: format!(
                "https://{HOST}/ (X-TC-Action DescribeZoneInstanceConfigInfos, X-TC-Region {}, POSTPAID_BY_HOUR)",
                region_of(place)
            ),
            note: "Price.UnitPrice (list price, before an account's discount)".into(),
        });
    }
    Ok(out)
}

/// Pay-as-you-go list prices of every Tencent Cloud International instance type and region or
/// zone the catalog has.
pub(super) fn refresh(
    fetch: &dyn Fetch,
    catalog: &Catalog,
    secret: &SecretKey,
) -> Result<Refreshed, RefreshError> {
    let now = chrono::Utc::now();
    refresh_pairs(
        fetch,
        &catalog_pairs(catalog),
        secret,
        now.timestamp(),
        &now.format("%Y-%m-%d").to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of Tencent Cloud's "Signature v3" document (CVM DescribeInstances at
    /// 1551113065, the document's example SecretKey): its published signature.
    #[test]
    fn the_documented_signature_example() {
        let secret = SecretKey {
            id: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE".into(),
            key: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE".into(),
        };
        let payload = r#"{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}"#;
        let host = "cvm.tencentcloudapi.com";
        let auth = authorization(&secret, "cvm", host, None, payload, 1_551_113_065);
        assert_eq!(
            auth,
            "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168"
        );
        assert!(!format!("{secret:?}").contains("Gu5t9x"));
        assert_eq!(region_of("ap-guangzhou-3"), "ap-guangzhou");
        assert_eq!(region_of("ap-beijing"), "ap-beijing");
        assert_eq!(region_of("na-siliconvalley"), "na-siliconvalley");
    }
}
