//! The lambda transposition table (thesis 000 section 5.3.1).
