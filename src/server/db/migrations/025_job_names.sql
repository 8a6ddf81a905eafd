-- Job names start with their area's name (issue 22): the runs recorded under the old names, pending ones
-- included, carry on under the new ones, so a run due before the upgrade is run once after it.
update job_runs set name = 'mining.yield' where name = 'lockmining.yield';
update job_runs set name = 'dual.settle' where name = 'dualinvest.settle';
update job_runs set name = 'ieo.progress' where name = 'ieoprojects.progress';
