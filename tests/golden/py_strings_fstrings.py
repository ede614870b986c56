# f-strings, format specs and string methods

name = "Transformer"
d_model = 512
lr = 0.0001
ratio = 2 / 3
print(f"{name} with d_model={d_model}")
print(f"{ratio:.3f} {ratio:.1%} {lr:.2e} {lr:g} {d_model:e}")
print(f"[{d_model:>8}] [{d_model:<8}] [{d_model:^8}] [{d_model:08d}]")
print(f"[{name:>15}] [{name:<15}] [{name:^15}] [{name:*^15}]")
print(f"{1234567:,} {1234567.891:,.2f} {-3.14159:+.2f} {42:+d}")
print(f"{255:x} {255:X} {255:b} {8:o} {255:#x}")
print(f"{3.0} {1e-7} {1e16} {0.1 + 0.2} {100.0} {2.5e-3}")
print(f"{'nested'!r} {name!s} {name!r}")
print(f"{d_model // 8 = }")
print(f"{{braces}} {d_model * 2}")
print(f"{ratio:10.4f}|{ratio:<10.2f}|")
print(f"{True} {None} {[1, 2]} {(1,)} {{'a': 1}}")

# str.format and %
print("{} + {} = {}".format(1, 2, 3))
print("{0} {1} {0}".format("a", "b"))
print("{name}: {value:.2f}".format(name="loss", value=1.23456))
print("%s has %d layers and lr %.4f" % ("model", 6, 0.001))
print("%5.1f|%-5d|%05d" % (3.14159, 42, 42))

# methods
s = "  Hello, World!  "
print(s.strip(), "|" + s.lstrip() + "|", "|" + s.rstrip() + "|")
print(s.upper(), s.lower())
t = s.strip()
print(t.split(","), t.split(), "a,b,,c".split(","))
print("a b  c".split(" "), "one two three".split(maxsplit=1))
print("-".join(["x", "y", "z"]), "".join(["a", "b"]))
print(t.replace("World", "Python"), "aaa".replace("a", "b", 2))
print(t.startswith("Hello"), t.endswith("!"), t.startswith("World"))
print(t.find("World"), t.find("xyz"), t.index("o"), t.count("l"))
print("abc".capitalize(), "hello world".title(), "ABC".isupper(), "abc".isalpha())
print("123".isdigit(), "12a".isdigit(), " ".isspace())
print("ab".center(6, "*"), "7".zfill(3), "ab".ljust(4, ".") + "|", "ab".rjust(4) + "|")
print("line1\nline2".splitlines())
print("##hello##".strip("#"), "xxabcxx".lstrip("x"), "xxabcxx".rstrip("x"))
print("a" * 3, "-" * 20)
print(len("커피가 맛이 좋네요"), "커피가 맛이 좋네요".split())
print("커피" in "커피가 맛이 좋네요", "차" not in "커피")
print("hello"[1:4], "hello"[::-1], "hello"[-1])
print(str(12) + str(3.5) + str(True))
print(repr("quote's"), repr('say "hi"'), repr("tab\there"))
print("##ing".startswith("##"), "##ing"[2:])
print(ord("a"), chr(98), "b" > "a", "apple" < "banana")
print("x=%r" % "y", "%%")
