module github.com/ballistic-rs/ballistic/bindings/go

go 1.22
