//! Alibaba Cloud ECS `DescribePrice` (an AccessKey: `ALIBABA_CLOUD_ACCESS_KEY_ID` and
//! `ALIBABA_CLOUD_ACCESS_KEY_SECRET`): for each GPU instance type and region the catalog prices
//! Alibaba Cloud (China site, CNY) in, `GET https://ecs.REGION.aliyuncs.com/?Action=DescribePrice
//! &ResourceType=instance&InstanceType=…&PriceUnit=Hour` signed as an RPC request (signature
//! version 1.0, HMAC-SHA1 of the sorted, percent-encoded query with the secret and `&`). The
//! response's `PriceInfo.Price.DetailInfos.DetailInfo[]` entry of `Resource` `instanceType` has
//! the instance's own pay-as-you-go `OriginalPrice` (the list price; the whole `Price` also
//! counts the system disk, and `TradePrice` an account's discounts), in `Price.Currency`, as the
//! API reference documents them (<https://help.aliyun.com/document_detail/107829.html>;
//! signature: <https://www.alibabacloud.com/help/doc-detail/196741.htm>). An error response
//! (`Code`, e.g. an instance type not sold in the region) is reported, not a row. The secret
//! never leaves the process; the AccessKey id and the signature are in the request URL only.

use base64::Engine;
use gpucost_core::billing_mode::BillingMode;
use gpucost_core::catalog::Catalog;
use gpucost_core::money::Currency;
use hmac::{Hmac, Mac};
use serde::Deserialize;

pub use super::percent_encode;
use super::{date, format_error, Fetch, RefreshError, RefreshRow, Refreshed, Skipped};

/// A response is a few kilobytes.
pub const RESPONSE_LIMIT: u64 = 1 << 20;

/// An AccessKey pair.
#[derive(Clone)]
pub struct AccessKey {
    /// `ALIBABA_CLOUD_ACCESS_KEY_ID`.
    pub id: String,
    /// `ALIBABA_CLOUD_ACCESS_KEY_SECRET`.
    pub secret: String,
}

impl std::fmt::Debug for AccessKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AccessKey {{ id: {:?}, secret: <hidden> }}", self.id)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Response {
    price_info: Option<PriceInfo>,
    code: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct PriceInfo {
    price: Price,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Price {
    currency: String,
    detail_infos: Option<DetailInfos>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct DetailInfos {
    #[serde(default)]
    detail_info: Vec<Detail>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Detail {
    resource: String,
    original_price: f64,
}

/// The signed query string of an RPC `GET` request: `params` sorted and encoded, then
/// `&Signature=…` (Base64 of HMAC-SHA1 over `GET&%2F&` + the encoded query, keyed with the
/// secret and `&`).
pub fn signed_query(params: &[(&str, &str)], secret: &str) -> String {
    let mut sorted: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (percent_encode(k), percent_encode(v)))
        .collect();
    sorted.sort();
    let query: Vec<String> = sorted.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let query = query.join("&");
    let to_sign = format!("GET&%2F&{}", percent_encode(&query));
    let mut mac = Hmac::<sha1::Sha1>::new_from_slice(format!("{secret}&").as_bytes())
        .expect("HMAC takes a key of any length");
    mac.update(to_sign.as_bytes());
    let signature = base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes());
    format!("{query}&Signature={}", percent_encode(&signature))
}

/// The (instance type, region) pairs the catalog prices Alibaba Cloud's China site in.
pub fn catalog_pairs(catalog: &Catalog) -> Vec<(String, String)> {
    super::on_demand_pairs(catalog, "alibaba")
}

/// Pay-as-you-go list prices of `pairs`, each request signed with `key`, stamped `timestamp`
/// (`2026-12-06T20:00:00Z`) and a nonce from `nonce`; `today` dates the rows (the API gives
/// current prices without a date).
///
/// # Errors
/// When a request cannot be made or a response is not in the documented format.
pub fn refresh_pairs(
    fetch: &dyn Fetch,
    pairs: &[(String, String)],
    key: &AccessKey,
    timestamp: &str,
    nonce: &mut dyn FnMut() -> String,
    today: &str,
) -> Result<Refreshed, RefreshError> {
    let mut out = Refreshed::default();
    if pairs.len() > super::MAX_PAGES {
        return Err(RefreshError::Paging {
            url: "https://ecs.aliyuncs.com/".into(),
        });
    }
    for (instance, region) in pairs {
        if !crate::refresh::is_safe_id(instance) || !crate::refresh::is_safe_id(region) {
            continue;
        }
        let host = format!("https://ecs.{region}.aliyuncs.com/");
        // What the row cites: the request without the key, the nonce or the signature.
        let shown = format!(
            "{host}?Action=DescribePrice&RegionId={region}&ResourceType=instance&InstanceType={instance}&PriceUnit=Hour"
        );
        let nonce = nonce();
        let params = [
            ("Action", "DescribePrice"),
            ("Format", "JSON"),
            ("Version", "2014-05-26"),
            ("AccessKeyId", key.id.as_str()),
            ("SignatureMethod", "HMAC-SHA1"),
            ("SignatureVersion", "1.0"),
            ("SignatureNonce", nonce.as_str()),
            ("Timestamp", timestamp),
            ("RegionId", region.as_str()),
            ("ResourceType", "instance"),
            ("InstanceType", instance.as_str()),
            ("PriceUnit", "Hour"),
        ];
        let url = format!("{host}?{}", signed_query(&params, &key.secret));
        let body = match fetch.open(&url, &[]) {
            Ok(reader) => reader,
            // An error status with the documented error body (`Code`) is read like a 200.
            Err(RefreshError::Status { body, .. }) => Box::new(std::io::Cursor::new(body)),
            Err(e) => return Err(hide(e, &shown)),
        };
        let reader = std::io::BufReader::new(super::bounded(body, RESPONSE_LIMIT));
        let response: Response =
            serde_json::from_reader(reader).map_err(|e| format_error(&shown, e))?;
        let Some(info) = response.price_info else {
            out.skipped.push(Skipped::NotOffered {
                provider: "alibaba".into(),
                instance: instance.clone(),
                region: region.clone(),
                code: response.code.unwrap_or_else(|| "no PriceInfo".into()),
            });
            continue;
        };
        let detail = info
            .price
            .detail_infos
            .iter()
            .flat_map(|d| d.detail_info.iter())
            .find(|d| d.resource == "instanceType")
            .ok_or_else(|| format_error(&shown, "no DetailInfo of Resource instanceType"))?;
        if info.price.currency != "CNY" {
            // The catalog's Alibaba Cloud prices are the China site's, in CNY.
            out.skipped.push(Skipped::ChangedUnit {
                provider: "alibaba".into(),
                instance: instance.clone(),
                unit: format!("{} (the China site prices in CNY)", info.price.currency),
            });
            continue;
        }
        let amount = super::price(&shown, &detail.original_price.to_string())?;
        if amount.is_zero() {
            continue;
        }
        out.rows.push(RefreshRow {
            provider: "alibaba".into(),
            instance: instance.clone(),
            region: region.clone(),
            mode: BillingMode::OnDemand,
            amount,
            currency: Currency::Cny,
            as_of: date(&shown, today)?,
            source: shown,
            note: "DescribePrice OriginalPrice of the instance type (no system disk)".into(),
        });
    }
    Ok(out)
}

/// An error about a signed URL, told with the URL without its key id and signature.
fn hide(e: RefreshError, shown: &str) -> RefreshError {
    match e {
        RefreshError::Fetch { message, .. } => RefreshError::Fetch {
            url: shown.to_string(),
            message,
        },
        RefreshError::Format { message, .. } => format_error(shown, message),
        other => other,
    }
}

/// A nonce unique to this process and call: the time in nanoseconds, the process id and a
/// counter.
pub fn nonce_source() -> impl FnMut() -> String {
    let start = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mut n = 0u64;
    move || {
        n += 1;
        format!("{start:x}-{:x}-{n}", std::process::id())
    }
}

/// Pay-as-you-go list prices of every Alibaba Cloud (China site) instance type and region the
/// catalog has.
pub(super) fn refresh(
    fetch: &dyn Fetch,
    catalog: &Catalog,
    key: &AccessKey,
) -> Result<Refreshed, RefreshError> {
    let now = chrono::Utc::now();
    refresh_pairs(
        fetch,
        &catalog_pairs(catalog),
        key,
        &now.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
        &mut nonce_source(),
        &now.format("%Y-%m-%d").to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The signature example of Alibaba Cloud's ECS documentation (DescribeRegions with the
    /// AccessKey id `testid` and secret `testsecret`).
    #[test]
    fn the_documented_signature_example() {
        let q = signed_query(
            &[
                ("Timestamp", "2016-02-23T12:46:24Z"),
                ("Format", "XML"),
                ("AccessKeyId", "testid"),
                ("Action", "DescribeRegions"),
                ("SignatureMethod", "HMAC-SHA1"),
                ("SignatureNonce", "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"),
                ("Version", "2014-05-26"),
                ("SignatureVersion", "1.0"),
            ],
            "testsecret",
        );
        assert!(
            q.ends_with("&Signature=OLeaidS1JvxuMvnyHOwuJ%2BuX5qY%3D"),
            "{q}"
        );
        assert!(q.starts_with("AccessKeyId=testid&Action=DescribeRegions&Format=XML&"));
        assert!(
            crate::refresh::is_safe_id("ecs.gn7i-c8g1.2xlarge")
                && crate::refresh::is_safe_id("cn-hangzhou")
        );
        assert!(!crate::refresh::is_safe_id("evil.example/x?") && !crate::refresh::is_safe_id(""));
    }
}
