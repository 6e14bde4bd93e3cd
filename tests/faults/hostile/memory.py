"""Hostile: tries to allocate 10 GB (at once, then bit by bit), then answers."""

from scrimmage_bot import run


def decide(request):
    try:
        bytearray(10 * 2**30)
    except MemoryError:
        print("bytearray(10 GB): MemoryError")
    chunks = []
    try:
        while len(chunks) < 10 * 1024:
            chunks.append(bytearray(2**20))
    except MemoryError:
        print(f"chunks: MemoryError after {len(chunks)} MiB")
    del chunks
    return request.legal[0]


run(decide, name="hog")
