// The lessons and their data files are embedded with include_dir; rebuild when they change.
fn main() {
    println!("cargo:rerun-if-changed=lessons");
    println!("cargo:rerun-if-changed=assets/lessons");
}
