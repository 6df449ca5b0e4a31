//! Reading the fuzzer's input: a cursor over bytes that gives zeros once the input runs out, so
//! every input, however short, decodes to something and each byte changes one choice.

/// The bytes not read yet.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// True when every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte, or 0 past the end.
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&first, rest)) => {
                self.data = rest;
                first
            }
            None => 0,
        }
    }

    /// Two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// Eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        let mut le = [0u8; 8];
        for b in &mut le {
            *b = self.u8();
        }
        u64::from_le_bytes(le)
    }

    /// A number below `n` (which must not be 0): one byte when `n` fits in one, else two.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        if n <= 256 { self.u8() as usize % n } else { self.u16() as usize % n }
    }

    /// One of `items` (which must not be empty).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}
