//! Small components shared by the pages.

pub mod fields;
pub mod menu_field;
pub mod notice;
pub mod schedule_editor;
pub mod settings;
pub mod text_field;
