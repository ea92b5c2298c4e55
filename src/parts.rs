//! Parts of the page whose code arrives after the first result (issue 16): how one is defined
//! and how it is shown.
//!
//! [`part!`] defines one. In a release wasm build (`build.rs` sets `gpucost_split`) it is a
//! split point: `scripts/split.mjs` moves the code only it reaches into a wasm file of its own,
//! which the page fetches from its own origin the first time the part is shown. In debug and
//! native builds (`trunk serve`, the tests) it is a plain function in the one module.
//!
//! [`show_part!`] shows one: "Loading…" while its code arrives, then the part. If the file
//! cannot be fetched (a visitor offline who never opened that part) the page says so instead
//! of stopping, and showing the part again tries again.

use std::future::Future;

use gpucost_core::l10n::ui::Text;
use leptos::prelude::*;
pub use leptos::wasm_split::SplitLoaderError;
use send_wrapper::SendWrapper;

use crate::state::AppState;

/// Defines a part: `part! { in module; /// doc
/// pub fn name(arg: Type) { view! { … } } }` becomes a function returning the view erased
/// (`Result<AnyView, SplitLoaderError>`), a split point of the release build. Its arguments
/// must be concrete types, as a split point's must.
///
/// Parts `in` the same module share one wasm file, fetched when the first of them is shown.
/// The name says when that is: `scripts/split.mjs` treats a module whose name starts with
/// `ondemand_` as fetched only when a visitor opens its part (the service worker caches it
/// then), and every other module as part of every calculator visit (cached at install).
macro_rules! part {
    (in $module:ident; $(#[$attr:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $body:block) => {
        $(#[$attr])*
        #[cfg_attr(
            gpucost_split,
            ::leptos::wasm_split::wasm_split($module, wasm_split_path = ::leptos::wasm_split, fallible)
        )]
        pub fn $name($($arg: $ty),*) -> Result<::leptos::prelude::AnyView, $crate::parts::SplitLoaderError> {
            Ok(::leptos::prelude::IntoAny::into_any($body))
        }
    };
}
pub(crate) use part;

/// The result of calling a split point, inside an `async` block: `loaded!(later::f())`. A split
/// point's function is async (it may fetch its code first); in a build without split points
/// it is a plain function.
macro_rules! loaded {
    ($call:expr) => {{
        #[cfg(gpucost_split)]
        let result = $call.await;
        #[cfg(not(gpucost_split))]
        let result = $call;
        result
    }};
}
pub(crate) use loaded;

/// Shows the part a call of a [`part!`] function makes: `show_part!(later::saved_scenarios())`.
macro_rules! show_part {
    ($call:expr) => {
        $crate::parts::shown(async move { $crate::parts::loaded!($call) })
    };
}
pub(crate) use show_part;

/// "Loading…", in a part's place while its code arrives.
pub fn loading() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! { <p class="part-loading" aria-busy="true">{move || app.t(Text::PartLoading)}</p> }
}

/// "Loading…" until `part` is ready, then the part, or a notice that it could not be loaded.
pub fn shown(
    part: impl Future<Output = Result<AnyView, SplitLoaderError>> + 'static,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // One thread in a browser: the future never moves to another.
    let part = SendWrapper::new(part);
    view! {
        <Suspense fallback=loading>
            {Suspend::new(async move {
                match part.await {
                    Ok(view) => view,
                    Err(_) => view! {
                        <p class="notice" role="alert" data-testid="part-unavailable">
                            {move || app.t(Text::PartUnavailable)}
                        </p>
                    }
                    .into_any(),
                }
            })}
        </Suspense>
    }
}
