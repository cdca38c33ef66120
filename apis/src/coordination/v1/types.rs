// The types of this package (Lease and what it needs) are ported here.
