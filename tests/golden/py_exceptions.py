# try / except / else / finally
def safe_div(a, b):
    try:
        result = a / b
    except ZeroDivisionError as e:
        print("caught:", e)
        return None
    else:
        print("no error")
        return result
    finally:
        print("finally runs")

print(safe_div(6, 3))
print(safe_div(1, 0))

# raising and catching built-in exceptions
try:
    raise ValueError("bad value: 42")
except ValueError as e:
    print(type(e).__name__, e)

try:
    [1, 2, 3][10]
except IndexError as e:
    print("IndexError:", e)

try:
    {"a": 1}["b"]
except KeyError as e:
    print("KeyError:", e)

try:
    int("abc")
except ValueError as e:
    print(e)

try:
    undefined_name_xyz
except NameError as e:
    print(e)

try:
    "a" + 1
except TypeError as e:
    print(e)

# several except clauses, a tuple of types, a bare Exception
for thing in [0, "x", [1]]:
    try:
        print(10 / thing)
    except (ZeroDivisionError, TypeError) as e:
        print("handled", type(e).__name__)

try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("assert:", e)

try:
    raise RuntimeError("custom runtime error")
except Exception as e:
    print(isinstance(e, RuntimeError), e)

# re-raise inside a handler and catch outside
def check(n):
    if n < 0:
        raise ValueError(f"negative: {n}")
    return n

try:
    try:
        check(-5)
    except ValueError:
        print("inner handler, re-raising")
        raise
except ValueError as e:
    print("outer caught", e)

# custom exception class
class ShapeError(Exception):
    pass

try:
    raise ShapeError("expected 3 dims")
except ShapeError as e:
    print(type(e).__name__, str(e), e.args)
