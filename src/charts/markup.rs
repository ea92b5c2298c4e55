//! The charts' attribute values and texts, and the same charts as SVG markup.
//!
//! The page draws each chart once and then updates in place only the attributes and texts
//! that an edit changed (see `pages::calc::charts`): rewriting the markup on every edit made
//! the browser parse it and build every element again. The markup functions write the very
//! same values and are kept for tests and as the reference of what is drawn; every text and
//! attribute value is escaped there, since seller names can come from a link (the page's
//! elements take them as text, never as markup).

use std::fmt::Write;

use super::{line_class, BarChart, LineChart};

/// `text` safe inside an element or a quoted attribute.
pub(crate) use gpucost_core::format::escape_html as escape;

/// Bar `i`: label x, text y, label, bar x, bar y, bar width, bar height, bar class, value x,
/// value (empty when there is no such bar).
pub fn bar_fields(c: &BarChart, i: usize) -> [String; 10] {
    let Some(b) = c.bars.get(i) else {
        return Default::default();
    };
    let (x0, h) = (c.x0, c.bar_height);
    [
        (x0 - 8.0).to_string(),
        (b.y + h * 0.75).to_string(),
        b.label.clone(),
        x0.to_string(),
        b.y.to_string(),
        b.width.to_string(),
        h.to_string(),
        (if b.best { "bar best" } else { "bar" }).to_string(),
        (x0 + b.width + 6.0).to_string(),
        b.value.clone(),
    ]
}

/// The plot area's left, top, right and bottom, where the axes are drawn.
pub fn axes_fields(c: &LineChart) -> [String; 4] {
    let (left, top, right, bottom) = c.area;
    [left, top, right, bottom].map(|v| v.to_string())
}

/// Y tick `i`: the grid line's y, the label's x and y, and the label.
pub fn y_tick_fields(c: &LineChart, i: usize) -> [String; 4] {
    let Some((y, label)) = c.y_ticks.get(i) else {
        return Default::default();
    };
    [
        y.to_string(),
        (c.area.0 - 6.0).to_string(),
        (y + 4.0).to_string(),
        label.clone(),
    ]
}

/// X tick `i`: the label's x and y, and the label.
pub fn x_tick_fields(c: &LineChart, i: usize) -> [String; 3] {
    let Some((x, label)) = c.x_ticks.get(i) else {
        return Default::default();
    };
    [x.to_string(), (c.area.3 + 16.0).to_string(), label.clone()]
}

/// Line `i`: its path, its CSS class and its legend text.
pub fn line_fields(c: &LineChart, i: usize) -> [String; 3] {
    let Some(l) = c.lines.get(i) else {
        return Default::default();
    };
    [
        l.d.clone(),
        line_class(l.class).to_string(),
        l.label.clone(),
    ]
}

/// Crossing `i`: the point's x and y, the label's x and y, and the label.
pub fn crossing_fields(c: &LineChart, i: usize) -> [String; 5] {
    let Some(p) = c.crossings.get(i) else {
        return Default::default();
    };
    [
        p.x.to_string(),
        p.y.to_string(),
        (p.x + 6.0).to_string(),
        (p.y - 6.0).to_string(),
        p.label.clone(),
    ]
}

/// The inside of the bar chart's `<svg>`: per bar, its label, the bar and its value.
pub fn bars_svg(c: &BarChart) -> String {
    let mut s = String::with_capacity(256 * c.bars.len());
    for i in 0..c.bars.len() {
        let [label_x, text_y, label, x, y, width, height, class, value_x, value] = bar_fields(c, i);
        // Writing to a String cannot fail.
        let _ = write!(
            s,
            r#"<g><text x="{label_x}" y="{text_y}" text-anchor="end" class="label">{}</text><rect x="{x}" y="{y}" width="{width}" height="{height}" rx="3" class="{class}"/><text x="{value_x}" y="{text_y}" class="value">{}</text></g>"#,
            escape(&label),
            escape(&value)
        );
    }
    s
}

/// The inside of the cumulative chart's `<svg>`: axes, ticks, one path per way of paying and
/// the crossings.
pub fn cumulative_svg(c: &LineChart) -> String {
    let [left, top, right, bottom] = axes_fields(c);
    let mut s = String::with_capacity(4096);
    // Writing to a String cannot fail.
    let _ = write!(
        s,
        r#"<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" class="axis"/><line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" class="axis"/>"#
    );
    for i in 0..c.y_ticks.len() {
        let [y, x, text_y, label] = y_tick_fields(c, i);
        let _ = write!(
            s,
            r#"<g><line x1="{left}" y1="{y}" x2="{right}" y2="{y}" class="grid-line"/><text x="{x}" y="{text_y}" text-anchor="end" class="tick">{}</text></g>"#,
            escape(&label)
        );
    }
    for i in 0..c.x_ticks.len() {
        let [x, y, label] = x_tick_fields(c, i);
        let _ = write!(
            s,
            r#"<text x="{x}" y="{y}" text-anchor="middle" class="tick">{}</text>"#,
            escape(&label)
        );
    }
    for i in 0..c.lines.len() {
        let [d, class, _] = line_fields(c, i);
        let _ = write!(s, r#"<path d="{}" class="{class}"/>"#, escape(&d));
    }
    for i in 0..c.crossings.len() {
        let [x, y, text_x, text_y, label] = crossing_fields(c, i);
        let _ = write!(
            s,
            r#"<g class="crossing"><circle cx="{x}" cy="{y}" r="4"/><text x="{text_x}" y="{text_y}" class="tick">{}</text></g>"#,
            escape(&label)
        );
    }
    s
}

/// The chart's legend items: a swatch and the label of each line.
pub fn legend_items(c: &LineChart) -> String {
    (0..c.lines.len())
        .map(|i| {
            let [_, class, label] = line_fields(c, i);
            format!(
                r#"<li><span class="swatch {class}"></span>{}</li>"#,
                escape(&label)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{bar_chart, Line};
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
    fn draws_a_bar_with_its_label_and_value_per_row() {
        let c = bar_chart(&[
            ("AWS".into(), 100.0, "¥100.00".into()),
            ("Azure".into(), 50.0, "¥50.00".into()),
        ]);
        let svg = bars_svg(&c);
        assert_eq!(svg.matches("<g>").count(), 2);
        assert_eq!(svg.matches("<rect ").count(), 2);
        // The cheapest (first) bar is marked and spans the whole scale; the other is half.
        assert!(svg.contains(r#"<text x="182" y="21.5" text-anchor="end" class="label">AWS</text><rect x="190" y="8" width="340" height="18" rx="3" class="bar best"/><text x="536" y="21.5" class="value">¥100.00</text>"#));
        assert!(svg.contains(r#"width="170" height="18" rx="3" class="bar"/>"#));
        assert!(svg.contains(r#"class="value">¥50.00</text>"#));
        assert_eq!(bars_svg(&bar_chart(&[])), "");
    }

    #[test]
    fn a_hostile_seller_name_stays_text_in_the_bars() {
        // Bar labels are cut at 28 characters, so this one fits whole.
        let name = "<img src=x onerror=alert(1)>";
        let svg = bars_svg(&bar_chart(&[(name.into(), 1.0, "<b>".into())]));
        assert!(!svg.contains("<img") && !svg.contains("<b>"));
        assert!(svg.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(svg.contains("&lt;b&gt;"));
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
