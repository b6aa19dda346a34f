//! `nimlab serve`: the web app, on this machine.

use crate::failure::Failure;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

const EXAMPLES: &str = "\
Examples:
  nimlab serve                      then open the address it prints
  nimlab serve --port 8080 --open
  curl -s localhost:7878/api/analyze -d '{\"game\":\"nim\",\"position\":\"3 4 5\"}' \\
       -H 'content-type: application/json'";

/// Play and analyze every game in the browser: a local web app and its JSON API.
///
/// The page is built into nimlab (nothing is downloaded); the API is described in
/// docs/GUIDE.md.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 7878)]
    port: u16,
    /// The address to listen on; the default serves this machine only. Another
    /// address lets other machines reach the server, and nimlab warns of it.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// A name the server answers to in the Host header, besides localhost and IP
    /// addresses (repeat for more; '*' answers every name). Requests naming any other
    /// host are refused, so that a web page elsewhere cannot reach the server through
    /// a name of its own resolved to this machine (DNS rebinding).
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_hosts: Vec<String>,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
}

/// Threads the server's runtime keeps for blocking work: the quick lane's computations
/// (`nimlab_web::WORKERS` at once) and a few more.
const BLOCKING_THREADS: usize = 2 * nimlab_web::WORKERS;

pub fn run(args: Args) -> Result<(), Failure> {
    // The allocator is set up before any thread allocates (see nimlab_web::memory),
    // and threads for blocking work are few: each reserves its stack's address space,
    // and the computations that use them are bounded by the server's lanes anyway.
    nimlab_web::memory::tune();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()
        .map_err(|e| Failure::Other(format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let address = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| Failure::Other(format!("cannot listen on {address}: {e}")))?;
        let bound = listener.local_addr()?;
        let url = format!("http://{bound}/");
        println!("nimlab is serving {url} (Ctrl-C stops it)");
        if !args.host.is_loopback() {
            eprintln!(
                "nimlab: warning: {} is not a loopback address: other machines that can reach \
                 this one can use the server",
                args.host
            );
        }
        let hosts = if args.allow_hosts.iter().any(|name| name == "*") {
            nimlab_web::Hosts::Any
        } else {
            nimlab_web::Hosts::Local(args.allow_hosts.clone())
        };
        let mut options = nimlab_web::ServerOptions::default();
        options.config.hosts = hosts;
        if args.open {
            if let Err(e) = webbrowser::open(&url) {
                eprintln!("nimlab: could not open a browser ({e}); open {url} yourself");
            }
        }
        tokio::select! {
            served = nimlab_web::serve_with(listener, options) => served.map_err(Failure::from),
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}
