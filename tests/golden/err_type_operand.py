lengths = [3, 5, 2]
print(sum(lengths))
label = "length: "
print(label + str(lengths[0]))
print(label + lengths[0])
