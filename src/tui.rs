//! The terminal explorer (design.md section 5): keys map to actions through the keymap; views
//! render a model with a theme.

pub mod app;
pub mod keymap;
pub mod ui;
pub mod worker;
