//! Tencent Cloud 账单明细 (bill details) as the 费用中心 console exports them: one line per
//! resource (资源账单) or per component (组件账单), with 产品名称, 子产品名称, 地域, 实例ID or
//! 资源ID, 配置描述, 使用开始时间, 使用结束时间, 原价, 折扣率, 优惠后总价 and, per cost
//! allocation tag, a `标签:<key>` column. The international site's English headers
//! (`Product Name`, `Instance ID`, `Usage Start Time`, …) are read too, in USD.
//!
//! The cost is 优惠后总价 (total after discount: what the resource cost, however it was then
//! paid — cash, vouchers or free credit). Times are Beijing time and become UTC. Tencent's
//! 实例类型 column says resource package / RI / spot, not the machine: the instance type
//! (`GN7.2XLARGE32`) is found in 配置描述 (or 组件名称, 子产品名称), and its hours are 使用时长 in
//! 时长单位 when present, else 使用结束时间 − 使用开始时间 — on a component file only on the
//! CPU/instance component, so memory and disk lines do not count the hours again.

use std::collections::BTreeMap;

use csv::StringRecord;
use gpucost_core::money::Currency;

use super::header::{cell, duration_column, owned, text, Col, Header, LineProblem, Mapper};
use super::values::{amount, duration_or_span, number, tag_list, when_beijing};
use super::{Quantity, UsageRow};

/// Reads Tencent Cloud bill detail lines.
pub(crate) struct Tencent {
    product: Col,
    subproduct: Option<Col>,
    region: Option<Col>,
    resource_id: Option<Col>,
    config: Vec<Col>,
    start: Option<Col>,
    end: Option<Col>,
    duration: Option<Col>,
    duration_unit: Option<Col>,
    component_type: Option<Col>,
    cost: Col,
    currency: Currency,
    tag_columns: Vec<(usize, String)>,
    tag_list: Option<Col>,
}

/// Tag column prefixes: the console writes one column per tag key.
const TAG_PREFIXES: [&str; 4] = ["标签:", "标签：", "Tag:", "tag:"];

impl Tencent {
    /// A reader for this header, or the missing column.
    pub fn new(h: &Header) -> Result<Self, String> {
        let english = h.has("Product Name");
        let config = [
            &["配置描述", "Configuration Description"][..],
            &["组件名称", "Component Name"],
            &["子产品名称", "Subproduct Name"],
        ]
        .iter()
        .filter_map(|names| h.find(names))
        .collect();
        let tag_columns = h
            .names()
            .iter()
            .enumerate()
            .filter_map(|(i, n)| {
                TAG_PREFIXES
                    .iter()
                    .find_map(|p| n.strip_prefix(p))
                    .map(|k| {
                        h.mark(i);
                        (i, k.trim().to_string())
                    })
            })
            .collect();
        Ok(Tencent {
            product: h.require(&["产品名称", "Product Name"])?,
            subproduct: h.find(&["子产品名称", "Subproduct Name"]),
            region: h.find(&["地域", "Region"]),
            resource_id: h.find(&["实例ID", "资源ID", "Instance ID", "Resource ID"]),
            config,
            start: h.find(&["使用开始时间", "Usage Start Time"]),
            end: h.find(&["使用结束时间", "Usage End Time"]),
            duration: h.find(&["使用时长", "Usage Duration"]),
            duration_unit: h.find(&["时长单位", "Duration Unit"]),
            component_type: h.find(&["组件类型", "Component Type"]),
            cost: h.require(&["优惠后总价", "Total Amount After Discount"])?,
            currency: if english {
                Currency::Usd
            } else {
                Currency::Cny
            },
            tag_columns,
            tag_list: h.find(&["标签", "Tag"]),
        })
    }
}

/// A Tencent instance type (`GN7.2XLARGE32`, `S5.MEDIUM4`, `GN10Xp.2XLARGE40`) in a text.
pub(crate) fn instance_type_in(text: &str) -> Option<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .find(|token| {
            let Some((family, size)) = token.split_once('.') else {
                return false;
            };
            let size = size.to_ascii_uppercase();
            family.starts_with(|c: char| c.is_ascii_uppercase())
                && family.chars().any(|c| c.is_ascii_digit())
                && ["LARGE", "MEDIUM", "SMALL"]
                    .iter()
                    .any(|s| size.contains(s))
                && size.ends_with(|c: char| c.is_ascii_digit())
        })
        .map(str::to_string)
}

impl Mapper for Tencent {
    fn column(&self, quantity: Quantity) -> Option<&Col> {
        duration_column(quantity, &self.duration, &self.end, &self.cost)
    }

    fn map(&self, r: &StringRecord, line: u64) -> Result<Option<UsageRow>, LineProblem> {
        let cost = amount(r, &self.cost)?;
        let start = when_beijing(r, &self.start)?;
        let end = when_beijing(r, &self.end)?;
        let instance_type = self
            .config
            .iter()
            .find_map(|c| text(r, &Some(c.clone())).and_then(instance_type_in));
        let component = text(r, &self.component_type);
        let instance_part = component.is_none_or(|c| c.contains("CPU") || c.contains("实例"));
        let hours = if instance_type.is_some() && instance_part {
            duration_or_span(
                number(r, &self.duration)?,
                text(r, &self.duration_unit),
                start,
                end,
            )
        } else {
            None
        };
        let mut tags: BTreeMap<String, String> = text(r, &self.tag_list)
            .map(|t| tag_list(t, ':'))
            .unwrap_or_default();
        for (i, k) in &self.tag_columns {
            if let Some(v) = r
                .get(*i)
                .map(str::trim)
                .filter(|v| !v.is_empty() && *v != "-")
            {
                tags.insert(k.clone(), v.to_string());
            }
        }
        let product = cell(r, &self.product);
        let description = match text(r, &self.subproduct) {
            Some(s) => format!("{product} / {s}"),
            None => product.to_string(),
        };
        Ok(Some(UsageRow {
            line,
            provider: "tencent".into(),
            start,
            end,
            hours,
            instance_type,
            gpu_model: None,
            gpu_count: None,
            region: owned(r, &self.region),
            resource_id: owned(r, &self.resource_id),
            cost,
            currency: self.currency,
            tags,
            description,
        }))
    }
}
