//! Small components shared by the pages.

pub mod notice;
pub mod settings;
