"""The Wild Race AI players."""
