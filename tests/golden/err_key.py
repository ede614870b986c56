vocab = {"[PAD]": 0, "[UNK]": 1, "커피": 2, "맛": 3}
for word in ["커피", "맛"]:
    print(word, vocab[word])
print(vocab.get("차", vocab["[UNK]"]))
print(vocab["차"])
