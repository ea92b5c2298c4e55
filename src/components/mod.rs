//! Small components shared by the pages.

pub mod fields;
pub mod notice;
pub mod schedule_editor;
pub mod settings;
