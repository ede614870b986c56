print("before")
print("to an int", file=1)
print("after")
