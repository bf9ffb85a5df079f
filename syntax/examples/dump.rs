fn main() {
    let path = std::env::args().nth(1).unwrap();
    let dialect = std::env::args().nth(2).unwrap_or_else(|| "forge".into());
    let bytes = std::fs::read(&path).unwrap();
    let src = syntax::SourceText::decode(&bytes);
    let out = match dialect.as_str() {
        "forge" => syntax::forge::parse(src.text()).debug_dump(),
        "wagic" => syntax::wagic::parse(src.text()).debug_dump(),
        "ability" => syntax::wagic::parse_ability(src.text()).debug_dump(),
        _ => unimplemented!(),
    };
    print!("{out}");
}
