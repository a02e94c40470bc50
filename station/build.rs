fn main() {
    slint_build::compile("../ui/station.slint").expect("ui/station.slint must compile");
}
