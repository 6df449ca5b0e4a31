//! `catan host`: the game on this terminal, as plain `catan` plays it, while friends join the
//! person seats from their own terminals with `ssh` (issue 40). What it prints before the game
//! (and what the host's screen keeps showing): the command a friend types, the join code, the
//! host key's fingerprint and where it listens.

use std::net::IpAddr;
use std::process::ExitCode;

use catan::host::{Host, HostConfig};
use catan::tui;

use super::args::HostArgs;
use super::{finish, play_options, refuse};

/// The host key's file in the data directory: made once, kept (mode 0600).
const KEY_FILE: &str = "host_key";

/// `catan host`.
pub fn run(args: HostArgs, given: &[String]) -> ExitCode {
    let options = match play_options(&args.play, given) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let code = match given_code(&args) {
        Ok(Some(code)) => match catan::host::check_code(&code) {
            Ok(()) => code,
            Err(e) => return refuse(&e),
        },
        Ok(None) => catan::host::new_code(),
        Err(e) => return refuse(&e),
    };
    let Some(dir) = catan::save::data_dir() else {
        return refuse("no data directory was found for the host key (set CATAN_DATA_DIR)");
    };
    let mut config = HostConfig::new(code.clone(), dir.join(KEY_FILE));
    config.port = args.port;
    if let Some(bind) = args.bind {
        config.bind = bind;
    }
    let host = match Host::start(config) {
        Ok(host) => host,
        Err(e) => return refuse(&format!("cannot serve on port {}: {e}", args.port)),
    };
    let addr = host.local_addr();
    let card = tui::HostCard {
        command: format!("ssh -p {} NAME@{}", addr.port(), shown_address(args.bind)),
        code,
        fingerprint: host.fingerprint(),
        turned: Default::default(),
    };
    // The first lines, left on the normal screen under the game's.
    println!("catan host: listening on {addr}");
    println!("  friends join with: {}   (NAME: their seat's name)", card.command);
    println!("  join code: {}", card.code);
    println!("  host key: {}", card.fingerprint);
    let hosting = tui::Hosting::new(Box::new(host), options.theme);
    finish(tui::run_hosting(options, hosting, card))
}

/// The environment variable that may give the join code (kept out of the process list).
const CODE_VAR: &str = "CATAN_CODE";

/// The join code the host gave: `--code`, `--code-file` (a file's first line, or a prompt
/// for `-`), or [`CODE_VAR`]; `None` when none was given.
fn given_code(args: &HostArgs) -> Result<Option<String>, String> {
    if let Some(code) = &args.code {
        return Ok(Some(code.clone()));
    }
    if let Some(path) = &args.code_file {
        let text = if path.as_os_str() == "-" {
            use std::io::Write;
            print!("join code: ");
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            std::io::stdin().read_line(&mut line).map_err(|e| format!("cannot read the join code: {e}"))?;
            line
        } else {
            let read = std::fs::read_to_string(path);
            read.map_err(|e| format!("cannot read the join code from {}: {e}", path.display()))?
        };
        return Ok(Some(text.lines().next().unwrap_or("").to_string()));
    }
    Ok(std::env::var(CODE_VAR).ok().filter(|c| !c.is_empty()))
}

/// The address a friend types: the one bound to, or this machine's name when every address
/// is served.
fn shown_address(bind: Option<IpAddr>) -> String {
    match bind {
        Some(ip) if !ip.is_unspecified() => match ip {
            IpAddr::V6(v6) => format!("[{v6}]"),
            IpAddr::V4(v4) => v4.to_string(),
        },
        _ => machine_name().unwrap_or_else(|| "THIS-MACHINE".into()),
    }
}

/// This machine's host name, if it has one.
fn machine_name() -> Option<String> {
    #[cfg(unix)]
    {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer and its length are valid; gethostname writes at most that many.
        let r = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
        if r != 0 {
            return None;
        }
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        let name = String::from_utf8_lossy(&buf[..end]).into_owned();
        (!name.is_empty()).then_some(name)
    }
    #[cfg(not(unix))]
    {
        std::env::var("COMPUTERNAME").ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_shown_is_the_one_bound_or_the_machines_name() {
        assert_eq!(shown_address(Some("127.0.0.1".parse().unwrap())), "127.0.0.1");
        assert_eq!(shown_address(Some("::1".parse().unwrap())), "[::1]");
        assert!(!shown_address(None).is_empty());
    }
}
