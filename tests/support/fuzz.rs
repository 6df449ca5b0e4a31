//! How many inputs a random-input property tries.

/// Inputs per property: `default` (what CI runs), or `FUZZ_CASES` for long soak runs, as the
/// README says (the properties whose default is under 256 run half as many).
pub fn cases(default: u32) -> u32 {
    cases_of(std::env::var("FUZZ_CASES").ok().as_deref(), default)
}

/// [`cases`] with `FUZZ_CASES` given.
pub fn cases_of(fuzz_cases: Option<&str>, default: u32) -> u32 {
    match fuzz_cases.and_then(|v| v.trim().parse::<u32>().ok()) {
        Some(n) if default < 256 => (n / 2).max(1),
        Some(n) => n.max(1),
        None => default,
    }
}
