//! If the WebAssembly panics anyway, the page says so and offers a way out (reset to the
//! defaults, or reload the link) instead of freezing silently.

use leptos::prelude::{document, window};

/// The notice's id (one notice, however many panics).
pub const NOTICE_ID: &str = "crash-notice";

/// Installs the panic hook: log to the console, then show the notice.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_notice();
    }));
}

/// Puts the crash notice at the top of the page (plain DOM: the app may be unusable).
pub fn show_notice() {
    let document = document();
    if document.get_element_by_id(NOTICE_ID).is_some() {
        return;
    }
    let path = window().location().pathname().unwrap_or_default();
    let Ok(notice) = document.create_element("div") else {
        return;
    };
    notice.set_id(NOTICE_ID);
    let _ = notice.set_attribute("role", "alert");
    let _ = notice.set_attribute("class", "notice crash");
    let text = document.create_element("p");
    let reset = document.create_element("a");
    let reload = document.create_element("a");
    if let (Ok(text), Ok(reset), Ok(reload)) = (text, reset, reload) {
        text.set_text_content(Some(
            "Something went wrong and the calculator stopped. 计算器出错，已停止运行。",
        ));
        let _ = reset.set_attribute("href", &path);
        let _ = reset.set_attribute("data-testid", "crash-reset");
        reset.set_text_content(Some("Reset to defaults · 恢复默认设置"));
        let _ = reload.set_attribute("href", &window().location().href().unwrap_or_default());
        reload.set_text_content(Some("Reload this link · 重新加载此链接"));
        let _ = notice.append_child(&text);
        let _ = notice.append_child(&reset);
        let _ = notice.append_child(&document.create_text_node(" · "));
        let _ = notice.append_child(&reload);
    }
    if let Some(body) = document.body() {
        let _ = body.prepend_with_node_1(&notice);
    }
}
