//! The games plyscope knows, each in its own module with its rules in its
//! module doc.

pub mod any;
pub mod atarigo;
pub mod dama;
pub mod gobblet;
pub mod hex;
pub mod mnk;
pub mod tree;
