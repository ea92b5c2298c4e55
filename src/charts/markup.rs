//! The cumulative chart as SVG markup, written in one go.
//!
//! The chart changes completely on every edit (every path, tick and label moves), so there is
//! nothing to update in place: handing the browser one string to parse is cheaper than
//! building its ~80 elements one call at a time from WASM, and smaller code than a view per
//! element kind. Every text and attribute value is escaped here, since seller names can come
//! from a link.

use std::fmt::Write;

use super::{line_class, LineChart};

/// `text` safe inside an element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The inside of the chart's `<svg>`: axes, ticks, one path per way of paying, crossings.
pub fn cumulative_svg(c: &LineChart) -> String {
    let (left, top, right, bottom) = c.area;
    let mut s = String::with_capacity(4096);
    // Writing to a String cannot fail.
    let _ = write!(
        s,
        r#"<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" class="axis"/><line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" class="axis"/>"#
    );
    for (y, label) in &c.y_ticks {
        let _ = write!(
            s,
            r#"<g><line x1="{left}" y1="{y}" x2="{right}" y2="{y}" class="grid-line"/><text x="{}" y="{}" text-anchor="end" class="tick">{}</text></g>"#,
            left - 6.0,
            y + 4.0,
            escape(label)
        );
    }
    for (x, label) in &c.x_ticks {
        let _ = write!(
            s,
            r#"<text x="{x}" y="{}" text-anchor="middle" class="tick">{}</text>"#,
            bottom + 16.0,
            escape(label)
        );
    }
    for l in &c.lines {
        let _ = write!(
            s,
            r#"<path d="{}" class="{}"/>"#,
            escape(&l.d),
            line_class(l.class)
        );
    }
    for p in &c.crossings {
        let _ = write!(
            s,
            r#"<g class="crossing"><circle cx="{}" cy="{}" r="4"/><text x="{}" y="{}" class="tick">{}</text></g>"#,
            p.x,
            p.y,
            p.x + 6.0,
            p.y - 6.0,
            escape(&p.label)
        );
    }
    s
}

/// The chart's legend items: a swatch and the label of each line.
pub fn legend_items(c: &LineChart) -> String {
    c.lines
        .iter()
        .map(|l| {
            format!(
                r#"<li><span class="swatch {}"></span>{}</li>"#,
                line_class(l.class),
                escape(&l.label)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::Line;
    use super::*;
    use gpucost_core::billing_mode::ModeClass;

    fn chart(label: &str) -> LineChart {
        LineChart {
            lines: vec![Line {
                class: ModeClass::OnDemand,
                d: "M80.0,210.0 L630.0,10.0".into(),
                label: label.into(),
            }],
            x_ticks: vec![(80.0, "0 h".into())],
            y_ticks: vec![(210.0, "¥0".into())],
            crossings: vec![],
            area: (80.0, 10.0, 630.0, 210.0),
            height: 240.0,
        }
    }

    #[test]
    fn draws_every_part_of_the_chart() {
        let svg = cumulative_svg(&chart("On-demand · AWS · ¥1.00"));
        assert_eq!(svg.matches("<path ").count(), 1);
        assert!(svg.contains(r#"<path d="M80.0,210.0 L630.0,10.0" class="line on-demand"/>"#));
        assert!(svg.contains(r#"<text x="74" y="214" text-anchor="end" class="tick">¥0</text>"#));
        assert!(svg.contains(r#"class="tick">0 h</text>"#));
        assert_eq!(
            legend_items(&chart("On-demand · AWS · ¥1.00")),
            r#"<li><span class="swatch line on-demand"></span>On-demand · AWS · ¥1.00</li>"#
        );
    }

    #[test]
    fn a_hostile_seller_name_stays_text() {
        let name = r#"<img src=x onerror="alert(1)"> & 'quote'"#;
        let legend = legend_items(&chart(name));
        assert!(!legend.contains("<img"));
        assert!(
            legend.contains("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quote&#39;")
        );
    }
}
