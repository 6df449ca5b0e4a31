//! Issue 12, item 4: loading parses the document once, without a tree of JSON values (which
//! took about 17 times the file's size). A counting allocator measures the peak memory while a
//! multi-megabyte save loads. Alone in its test binary: the allocator counts every thread.

mod support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use catan::save;
use support::files::TempDir;
use support::records::long_record;

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size > layout.size() {
                let now = NOW.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                NOW.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes allocated at the peak of `f`, above what was allocated before it.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = NOW.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed) - base)
}

#[test]
fn loading_a_long_save_takes_memory_near_its_size() {
    let dir = TempDir::new("memory");
    let record = long_record(2, 60_000);
    let path = dir.join("long.json");
    save::save(&record, &path).unwrap();
    let size = std::fs::metadata(&path).unwrap().len() as usize;
    assert!(size > 4 << 20, "a multi-megabyte save: {size} bytes");

    let bytes = std::fs::read(&path).unwrap();
    let (loaded, peak) = peak_of(|| save::from_json(&bytes).unwrap());
    assert_eq!(loaded, record);
    drop(loaded);
    // The record itself (its log) plus the parse: a tree of values took 17 times the file.
    assert!(peak < 2 * size, "parsing {size} bytes peaked at {peak} bytes ({:.1}x)", peak as f64 / size as f64);

    let (loaded, peak) = peak_of(|| save::load(&path).unwrap());
    assert_eq!(loaded, record);
    assert!(peak < 3 * size, "loading {size} bytes peaked at {peak} bytes ({:.1}x)", peak as f64 / size as f64);
}
