//! Release builds of the page (wasm32, `--release`) are split after linking (scripts/split.mjs,
//! a Trunk hook): the functions in `src/pages/later.rs` and `src/pages/calc/later.rs` become
//! split points, and the linker keeps the relocations the splitter needs. Debug builds (`trunk serve`, the wasm-bindgen tests) and
//! native builds stay one module with plain async functions, so they need no extra tool.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(gpucost_split)");
    println!("cargo::rustc-check-cfg=cfg(gpucost_split_app)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=GPUCOST_SPLIT_APP");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    let release = std::env::var("PROFILE").is_ok_and(|profile| profile == "release");
    if wasm && release {
        println!("cargo::rustc-cfg=gpucost_split");
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
        // The app's mount as a split point too (src/start.rs): measured, off by default.
        if std::env::var("GPUCOST_SPLIT_APP").is_ok_and(|v| v == "1") {
            println!("cargo::rustc-cfg=gpucost_split_app");
        }
    }
}
