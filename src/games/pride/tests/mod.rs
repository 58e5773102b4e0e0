//! Pride & Preju-Dice tests: each names the rule (seed words or RULINGS ID) it checks and
//! builds the position it needs directly; dice come from a scripted chance source.

mod conformance_tests;
