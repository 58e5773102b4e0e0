//! Bad input: what a user or a caller asked for does not make sense. The message is one line
//! naming the flag, file or key and what is allowed; the command line turns it into exit
//! code 2, and nothing is written before it is raised.

/// A request that cannot be run as given; the message says what is allowed.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// Wrap any message as an [`InputError`].
pub fn input(e: impl std::fmt::Display) -> anyhow::Error {
    InputError(e.to_string()).into()
}

/// Whether `e` (or anything in its chain of causes) is bad input rather than a fault.
pub fn is_input_error(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<InputError>().is_some()) || crate::output::is_refusal(e)
}
