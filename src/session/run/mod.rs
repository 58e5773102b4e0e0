//! `arena run` and `arena merge` as a library: a validated experiment ([`experiment`]: one
//! [`Plan`](crate::session::Plan) per game, or every game for the default experiment) is
//! executed block by block with checkpoints ([`execute`], [`checkpoint`]), and its merged
//! tally becomes the result folder's files ([`results`], which also merges shards).

pub mod checkpoint;
pub mod decides;
pub mod execute;
pub mod experiment;
pub mod results;
pub mod status_file;
