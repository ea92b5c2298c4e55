//! The web layer of GPU Cost Lab: Leptos components over the pure `gpucost-core` engine.
//!
//! Components read signals and render text computed by plain functions (tested natively);
//! the only browser access is in [`web`].

pub mod app;
pub mod charts;
pub mod components;
pub mod crash;
pub mod pages;
pub mod parts;
pub mod signals;
pub mod start;
pub mod state;
pub mod store;
pub mod web;
