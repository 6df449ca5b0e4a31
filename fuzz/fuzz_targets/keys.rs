#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| catan_fuzz::keys::run(data));
