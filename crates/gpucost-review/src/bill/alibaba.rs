//! Alibaba Cloud 账单明细 (bill details), as the 费用与成本 console exports it to CSV or
//! delivers it to OSS: `账期,财务单元,账号ID,账号,Owner账号,产品Code,产品,产品明细Code,产品明细,
//! 消费类型,消费时间,账单开始时间,账单结束时间,服务时长,订单号/账单号,账单类型,计费方式,实例ID,
//! 实例昵称,资源组,实例标签,实例配置,实例规格,公网IP,私网IP,地域,可用区,计费项,单价,单价单位,用量,
//! 用量单位,资源包抵扣,原价,优惠金额,优惠券抵扣,应付金额,现金支付,代金券抵扣,储值卡支付金额,欠费金额`.
//!
//! The cost is 应付金额 (amount payable: after discounts, before how it was paid — cash,
//! vouchers or stored-value cards all pay the same amount). The currency is CNY unless the
//! file has a 币种 / 货币类型 column (the international site's files). Times are Beijing
//! time and become UTC. The instance type is 实例规格 (`ecs.gn7i-c8g1.2xlarge`); its hours
//! are 服务时长 in 时长单位 when the file has both, else 账单结束时间 − 账单开始时间; on a
//! file split by billing item (计费项), only the instance item's line carries hours, so a
//! disk line of the same instance does not count the instance's hours again.

use csv::StringRecord;
use gpucost_core::money::Currency;

use super::header::{cell, duration_column, owned, text, Col, Header, LineProblem, Mapper};
use super::values::{amount, currency, duration_or_span, number, tag_list, when_beijing};
use super::{Quantity, UsageRow};

/// Reads Alibaba Cloud bill detail lines.
pub(crate) struct Alibaba {
    product: Col,
    product_detail: Option<Col>,
    start: Option<Col>,
    end: Option<Col>,
    duration: Option<Col>,
    duration_unit: Option<Col>,
    instance_id: Option<Col>,
    tags: Option<Col>,
    spec: Option<Col>,
    region: Option<Col>,
    item: Option<Col>,
    cost: Col,
    currency: Option<Col>,
}

impl Alibaba {
    /// A reader for this header, or the missing column.
    pub fn new(h: &Header) -> Result<Self, String> {
        Ok(Alibaba {
            product: h.require(&["产品", "产品名称"])?,
            product_detail: h.find(&["产品明细"]),
            start: h.find(&["账单开始时间", "消费时间"]),
            end: h.find(&["账单结束时间"]),
            duration: h.find(&["服务时长"]),
            duration_unit: h.find(&["时长单位"]),
            instance_id: h.find(&["实例ID"]),
            tags: h.find(&["实例标签", "标签"]),
            spec: h.find(&["实例规格", "规格"]),
            region: h.find(&["地域"]),
            item: h.find(&["计费项"]),
            cost: h.require(&["应付金额"])?,
            currency: h.find(&["币种", "货币类型"]),
        })
    }
}

impl Mapper for Alibaba {
    fn column(&self, quantity: Quantity) -> Option<&Col> {
        duration_column(quantity, &self.duration, &self.end, &self.cost)
    }

    fn map(&self, r: &StringRecord, line: u64) -> Result<Option<UsageRow>, LineProblem> {
        let cost = amount(r, &self.cost)?;
        let currency = match &self.currency {
            Some(c) if text(r, &self.currency).is_some() => currency(r, c)?,
            _ => Currency::Cny,
        };
        let start = when_beijing(r, &self.start)?;
        let end = when_beijing(r, &self.end)?;
        let instance_type = owned(r, &self.spec);
        let item = text(r, &self.item);
        let instance_item = item.is_none_or(|i| i.contains("实例"));
        let hours = if instance_type.is_some() && instance_item {
            duration_or_span(
                number(r, &self.duration)?,
                text(r, &self.duration_unit),
                start,
                end,
            )
        } else {
            None
        };
        let product = cell(r, &self.product);
        let description = match (text(r, &self.product_detail), item) {
            (Some(d), Some(i)) => format!("{product} / {d} / {i}"),
            (Some(d), None) => format!("{product} / {d}"),
            (None, Some(i)) => format!("{product} / {i}"),
            (None, None) => product.to_string(),
        };
        Ok(Some(UsageRow {
            line,
            provider: "alibaba".into(),
            start,
            end,
            hours,
            instance_type,
            gpu_model: None,
            gpu_count: None,
            region: owned(r, &self.region),
            resource_id: owned(r, &self.instance_id),
            cost,
            currency,
            tags: text(r, &self.tags)
                .map(|t| tag_list(t, ':'))
                .unwrap_or_default(),
            description,
        }))
    }
}
