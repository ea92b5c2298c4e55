"""Writes the large hostile inputs of BENCHMARKS.md's peak-memory table into the current
folder (about 150 MB): `python3 generate_large.py`, then `/usr/bin/time -v gpucost review FILE`.
tests/hostile.rs generates smaller versions of the same cases itself."""
import gzip, os
# 1. gzip bomb of zeros: 1 GiB of zero bytes
with gzip.open('bomb-zeros.csv.gz', 'wb', compresslevel=9) as f:
    z = bytes(1 << 20)
    for _ in range(1024): f.write(z)
# 2. gzip bomb of valid rows (inflation ratio)
hdr = "start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n"
row = "2024-05-04T01:00:00Z,2024-05-04T02:00:00Z,,aws,g5.xlarge,,,1.006,USD,team=ml\n"
with gzip.open('bomb-rows.csv.gz', 'wb', compresslevel=9) as f:
    f.write(hdr.encode())
    chunk = (row * 10000).encode()
    for _ in range(2000): f.write(chunk)  # ~1.5 GB of rows
# 3. 9999-year row
open('year-9999.csv','w').write(hdr + "0001-01-01T00:00:00Z,9999-12-31T23:00:00Z,,aws,g5.xlarge,,,1.006,USD,team=ml\n" + row)
# 4. 200,000 distinct tag values and resources (legacy CUR)
h = "lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageEndDate,lineItem/UsageType,lineItem/ResourceId,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedCost,product/instanceType,lineItem/ProductCode,product/regionCode,resourceTags/user:team,resourceTags/user:owner\n"
with open('distinct-200k.csv','w') as f:
    f.write(h)
    for i in range(200000):
        f.write(f"Usage,2024-05-04T01:00:00Z,2024-05-04T02:00:00Z,BoxUsage:g5.xlarge,i-{i:08d}-{'x'*40},1,USD,1.006,g5.xlarge,Service{i},region-{i},team-{i}-{'y'*40},owner-{i}\n")
# 5. 10,000 tag columns, 4.6 MB
with open('tags-10k.csv','w') as f:
    f.write("lineItem/UsageStartDate,lineItem/UsageType,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedCost,product/instanceType" + "".join(f",resourceTags/user:k{i}" for i in range(10000)) + "\n")
    for r in range(40):
        f.write("2024-05-04T01:00:00Z,BoxUsage:g5.xlarge,1,USD,1.006,g5.xlarge" + "".join(f",v{i}-{r}" for i in range(10000)) + "\n")
# 6. 1,900 tag columns (under the field cap), 2,000 rows, distinct values
with open('tags-1900.csv','w') as f:
    f.write("lineItem/UsageStartDate,lineItem/UsageType,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedCost,product/instanceType" + "".join(f",resourceTags/user:{i}" for i in range(1900)) + "\n")
    for r in range(2000):
        f.write("2024-05-04T01:00:00Z,BoxUsage:g5.xlarge,1,USD,1.006,g5.xlarge" + "".join(f",{r}" for i in range(1900)) + "\n")
# 7. unterminated quote, then 50 MB
with open('unterminated-quote.csv','w') as f:
    f.write(hdr + row + row[:-1] + ',"oops\n')
    for _ in range(600000): f.write(row)
# 8. 200,000 distinct resources in a utilization side file
with open('util-200k.csv','w') as f:
    f.write("resource_id,timestamp,gpu_util_percent,memory_used_mib,memory_total_mib\n")
    for i in range(200000):
        f.write(f"i-{i:08d}-{'z'*100},2024-05-04T01:00:00Z,5,8192,23028\n")
