//! The pages a link can open.

pub mod calc;
pub mod catalog;
pub mod later;
pub mod review;
