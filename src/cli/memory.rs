//! `--max-mem MB`: the memory a command may use for its tables, trees and proofs (issue
//! 17), so that a solve or a verification that would pass it stops with a message naming
//! the bound instead of being killed by the system. Memory is counted by the data
//! structures' sizes (entries x entry size), not by polling the process's RSS.
//!
//! The default is half of the physical memory (`MemTotal` of `/proc/meminfo` on Linux;
//! 4096 MB where that cannot be read).

/// The default where the physical memory cannot be read, in MB.
pub const FALLBACK_MB: u64 = 4096;

/// One megabyte (MiB) in bytes.
pub const MB: u64 = 1 << 20;

/// Half of the physical memory in MB, or [`FALLBACK_MB`].
pub fn default_max_mem_mb() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total_kb(&text))
        .map_or(FALLBACK_MB, |kb| (kb / 1024 / 2).max(1))
}

/// `MemTotal` in kB from the text of `/proc/meminfo`.
fn mem_total_kb(meminfo: &str) -> Option<u64> {
    meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

/// Parses `--max-mem`: a whole number of MB from 1.
pub fn parse_max_mem(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=u64::MAX / MB).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{text}' is not a memory size; expected a whole number of MB such as 4096"
        )),
    }
}

/// `--max-mem` as given, or the default, in bytes.
pub fn max_mem_bytes(given: Option<u64>) -> u64 {
    given.unwrap_or_else(default_max_mem_mb).saturating_mul(MB)
}

/// The `--max-mem` that would allow `needed` bytes, in MB rounded up to a multiple of
/// 1024.
pub fn raise_to(needed: u64) -> u64 {
    needed.div_ceil(MB).div_ceil(1024).max(1) * 1024
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mem_total_is_read_from_meminfo() {
        let text = "MemTotal:       16318452 kB\nMemFree:         1234 kB\n";
        assert_eq!(mem_total_kb(text), Some(16_318_452));
        assert_eq!(mem_total_kb("MemFree: 3 kB\n"), None);
        assert!(default_max_mem_mb() >= 1);
    }

    #[test]
    fn the_suggested_bound_covers_what_is_needed() {
        assert_eq!(raise_to(1), 1024);
        assert_eq!(raise_to(5000 * MB), 5120);
        assert_eq!(parse_max_mem("64"), Ok(64));
        assert!(parse_max_mem("0").is_err());
        assert!(parse_max_mem("lots").is_err());
    }
}
