tokens = ["[CLS]", "커피", "가", "[SEP]"]
for i in range(len(tokens)):
    print(i, tokens[i])
print(tokens[-1])
# one past the end
print(tokens[len(tokens)])
