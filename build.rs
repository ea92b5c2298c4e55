//! Release builds of the page (wasm32, `--release`) are split after linking (scripts/split.mjs,
//! a Trunk hook): the functions in `src/pages/later.rs` and `src/pages/calc/later.rs` become
//! split points, and the linker keeps the relocations the splitter needs. Debug builds (`trunk serve`, the wasm-bindgen tests) and
//! native builds stay one module with plain async functions, so they need no extra tool.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(gpucost_split)");
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    let release = std::env::var("PROFILE").is_ok_and(|profile| profile == "release");
    if wasm && release {
        println!("cargo::rustc-cfg=gpucost_split");
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
}
