//! The page shell's pure logic: the embed snippet a course author copies,
//! a parameter's label and notices as the form shows them, the icons'
//! markup and the keyboard shortcuts. Above the text layer it words them with, below the UI.

pub mod embed;
pub mod exercise_notices;
pub mod fields;
pub mod icons;
pub mod keys;
