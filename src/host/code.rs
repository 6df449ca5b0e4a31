//! The join code: made from the operating system's random source (never from a game's seed, which
//! a save or a replay shows), easy to read aloud and type, checked when a host gives its own, and
//! compared in constant time so a joiner learns nothing from how long a wrong one takes.

use rand::TryRngCore;
use rand::rngs::OsRng;
use subtle::ConstantTimeEq;

/// Words a code is made of: 256 short, common, lowercase words that sound unlike each other, so
/// each word is 8 bits and five of them 40.
const WORDS: [&str; 256] = [
    "acorn", "amber", "angle", "apple", "arch", "arrow", "ash", "aunt", "axe", "bacon", "badge", "bag", "bake", "ball",
    "band", "bank", "barn", "basil", "bat", "beach", "bean", "bear", "bee", "bell", "belt", "bench", "berry", "bike",
    "bird", "blade", "blue", "boat", "bolt", "bone", "book", "boot", "bow", "bowl", "box", "brick", "bride", "brush",
    "bulb", "bus", "cab", "cake", "camel", "camp", "candy", "cape", "card", "cart", "cave", "chain", "chair", "chalk",
    "cheek", "chess", "chief", "chin", "cider", "city", "clam", "claw", "clay", "cliff", "clock", "cloud", "coat",
    "cobra", "coin", "comet", "cone", "coral", "cork", "corn", "couch", "cow", "crab", "crane", "crow", "crown",
    "cube", "cup", "daisy", "dance", "deer", "desk", "dice", "dish", "dock", "dog", "doll", "door", "dove", "drum",
    "duck", "dune", "eagle", "earth", "egg", "elbow", "elf", "elk", "ember", "fan", "farm", "fern", "fig", "film",
    "fish", "flag", "flame", "flute", "fog", "fork", "fox", "frog", "fudge", "gate", "gem", "ghost", "gift", "glass",
    "glove", "goat", "gold", "grape", "grass", "gull", "hair", "hammer", "harp", "hat", "hawk", "heart", "hen", "hill",
    "honey", "hook", "horn", "horse", "house", "ice", "ink", "iron", "ivy", "jam", "jar", "jeans", "jelly", "jet",
    "jewel", "judge", "jug", "kayak", "kettle", "key", "kite", "knee", "knife", "knot", "koala", "lake", "lamb",
    "lamp", "leaf", "lemon", "lion", "lock", "log", "lute", "mango", "map", "maple", "mask", "melon", "milk", "mint",
    "moon", "moose", "moth", "mouse", "mud", "mug", "nail", "nest", "net", "nose", "nut", "oak", "oar", "ocean",
    "olive", "onion", "orbit", "otter", "owl", "ox", "palm", "pan", "panda", "pearl", "pen", "piano", "pig", "pine",
    "pipe", "plum", "pond", "pony", "pot", "quail", "quilt", "rabbit", "radio", "rain", "raven", "reef", "rice",
    "ring", "river", "robin", "rock", "roof", "rope", "rose", "ruby", "sail", "salt", "sand", "scarf", "seal", "sheep",
    "shell", "ship", "shoe", "silk", "snail", "snow", "sock", "sofa", "spoon", "star", "stone", "sun", "swan", "table",
    "tent", "tiger", "toast", "tulip", "wheel", "wolf", "yak", "zebra",
];

/// How many words a made code has: 40 bits of the operating system's randomness, so guessing
/// at the most the door allows (720 codes a minute from every address together, 60 from one)
/// finds it with a chance of one in a million in a day of hosting (README).
const CODE_WORDS: usize = 5;
/// The longest code a host may give (`--code`), in bytes.
pub const CODE_MAX: usize = 64;

/// A new join code, such as `otter-plum-jet-cliff-bee`: five words from the operating system's
/// random source (40 bits), lowercase and joined by dashes, to read aloud across a room.
pub fn new_code() -> String {
    let mut bytes = [0u8; CODE_WORDS];
    // Without the operating system's randomness there is nothing safe to fall back on.
    OsRng.try_fill_bytes(&mut bytes).expect("the operating system's random source failed");
    bytes.iter().map(|&b| WORDS[usize::from(b)]).collect::<Vec<_>>().join("-")
}

/// A rejoin word (H8): two words from the operating system's random source, `maple-bolt`,
/// shown only on the screen of the joiner whose seat it binds.
pub fn new_word() -> String {
    let mut bytes = [0u8; 2];
    OsRng.try_fill_bytes(&mut bytes).expect("the operating system's random source failed");
    bytes.iter().map(|&b| WORDS[usize::from(b)]).collect::<Vec<_>>().join("-")
}

/// Whether a code a host chose (`--code`) can be used: not empty or blank, at most
/// [`CODE_MAX`] bytes, no control characters (a joiner could not type them at ssh's prompt).
/// The error is one line to show the host.
pub fn check_code(code: &str) -> Result<(), String> {
    if code.trim().is_empty() {
        return Err("the join code is empty".to_string());
    }
    if code.len() > CODE_MAX {
        return Err(format!("the join code is {} bytes long, at most {CODE_MAX} are allowed", code.len()));
    }
    if code.chars().any(char::is_control) {
        return Err("the join code has a control character, which a joiner cannot type".to_string());
    }
    Ok(())
}

/// Whether a joiner's password is the code, taking the same time wherever they differ.
pub(crate) fn same_code(given: &str, code: &str) -> bool {
    given.as_bytes().ct_eq(code.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_are_distinct_short_and_lowercase() {
        let mut words = WORDS.to_vec();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), 256, "a repeated word makes codes weaker");
        assert!(WORDS.iter().all(|w| (2..=6).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_lowercase())));
    }

    #[test]
    fn a_new_code_is_five_known_words_and_differs_from_the_last() {
        let a = new_code();
        assert_eq!(a.split('-').count(), CODE_WORDS);
        assert!(a.split('-').all(|w| WORDS.contains(&w)), "{a}");
        assert!(check_code(&a).is_ok());
        // Four draws of 40 bits all alike would be a broken source, not bad luck.
        let others: Vec<String> = (0..4).map(|_| new_code()).collect();
        assert!(others.iter().any(|o| *o != a), "{a} {others:?}");
    }

    #[test]
    fn a_given_code_must_be_printable_bounded_and_not_blank() {
        assert!(check_code("our table").is_ok());
        assert!(check_code("").is_err());
        assert!(check_code("   ").is_err());
        assert!(check_code("a\nb").is_err());
        assert!(check_code("\u{1b}[A").is_err());
        assert!(check_code(&"x".repeat(CODE_MAX)).is_ok());
        assert!(check_code(&"x".repeat(CODE_MAX + 1)).is_err());
    }

    #[test]
    fn the_code_compares_whole() {
        assert!(same_code("otter-plum", "otter-plum"));
        assert!(!same_code("otter-plu", "otter-plum"));
        assert!(!same_code("otter-plum ", "otter-plum"));
        assert!(!same_code("", "otter-plum"));
    }
}
