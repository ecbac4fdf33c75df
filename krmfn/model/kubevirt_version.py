"""The KubeVirt release a run targets (the ``kubevirtVersion`` option), and what differs between them.

krmfn ports KubeVirt's main branch at d923fdb8 (the ``main`` target, after v1.9.0) and the
releases v1.9.0, v1.8.4 and v1.7.4 (``v1.9``, the default, ``v1.8``, ``v1.7``). They behave
differently in a few places; each difference is one predicate here, named after what the release
does, with the KubeVirt pull request or commit that changed it, so the engine asks
``version.<predicate>`` instead of comparing version numbers. ``main`` orders after v1.9 as minor
10 (what it will release as), so ``since(10)`` is "only on main". The golden corpus records each
target's answers (``expected.yaml``: main, ``expected-v1.9.yaml``: v1.9.0, ``expected-v1.8.yaml``:
v1.8.4, ``expected-v1.7.yaml``: v1.7.4).

Differences that are data rather than a switch live with their data: the feature gate registry
of each release (``krmfn.kubevirt.virt_config.featuregate``) and the common-instancetypes catalog each
release deploys (``catalog`` below, ``hack/common-instancetypes/default.sh`` at each tag).
"""
from __future__ import annotations

from krmfn.model.record import FrozenRecord

CATALOG_OFF = "none"  # the catalog option's value that turns the catalog off


class KubevirtVersion(FrozenRecord):
    """One KubeVirt target: ``name`` (``v1.8``), ``minor`` (8; ``main`` is 10), ``release`` (what
    krmfn mirrors: a tag or a commit), ``catalog`` (the common-instancetypes release it deploys) and
    ``scheme_line`` (where ``kubevirt.io/client-go/kubevirt/scheme/register.go`` builds the
    scheme, which the revision decoding errors cite)."""

    __slots__ = ("name", "minor", "release", "catalog", "scheme_line")
    name: str
    minor: int
    release: str
    catalog: str
    scheme_line: int

    def __init__(self, name: str, minor: int, release: str, catalog: str, scheme_line: int) -> None:
        self._set(name=name, minor=minor, release=release, catalog=catalog, scheme_line=scheme_line)

    def since(self, minor: int) -> bool:
        """This release is v1.``minor`` or newer (for tables keyed by the release that added
        something, such as the CRD fields of ``webhooks.vm_schema``)."""
        return self.minor >= minor

    @property
    def beta_gates_on_by_default(self) -> bool:
        """A Beta feature gate is on unless disabled (v1.9, PR #17405 "Enable Beta features by
        default", d44e938871); before, only GA gates and the gates named in ``featureGates``."""
        return self.since(9)

    @property
    def has_preference_video_type(self) -> bool:
        """Preferences know ``spec.devices.preferredVideoType`` (v1.9, PR #16812, 1059da43bf);
        before, strict field validation rejects a preference that sets it."""
        return self.since(9)

    @property
    def has_preference_launch_security(self) -> bool:
        """Preferences know ``spec.preferredLaunchSecurity`` (v1.9, PR #17551, d105557f46)."""
        return self.since(9)

    @property
    def warns_instancetype_launch_security(self) -> bool:
        """The instance type webhook warns that ``launchSecurity`` is deprecated (v1.9,
        PR #17551, b6da256571 ``checkForDeprecatedFields``)."""
        return self.since(9)

    @property
    def preferred_panic_device_model_adds_device(self) -> bool:
        """``preferredPanicDeviceModel`` adds a panic device to a VM that has none (v1.9,
        PR #18314, e2c55d7b3f ``applyPanicDevicePreferences``); before, it only fills the model
        of the VM's own panic devices."""
        return self.since(9)

    @property
    def omits_zero_creation_timestamp(self) -> bool:
        """Go-encoded ObjectMeta leaves out a zero ``creationTimestamp`` (apimachinery v0.34,
        ``omitzero``; KubeVirt v1.8 and v1.9 vendor it); v1.7 (apimachinery v0.33.5) writes
        ``creationTimestamp: null``, so the VM webhook stores it in the template's metadata."""
        return self.since(8)

    @property
    def infers_from_volume_snapshots(self) -> bool:
        """``inferFromVolume`` follows DataSources and dataVolumeTemplates backed by a
        VolumeSnapshot (v1.9, PR #18337, 4e8a85b1bc); before, the mutator rejects them."""
        return self.since(9)

    @property
    def requires_exactly_one_binding(self) -> bool:
        """Every interface has exactly one binding method or binding plugin (v1.9, PR #18374,
        a90ada8f0a ``validateInterfaceBindingExists``); before, only a plugin together with a
        method is rejected, with another message and on ``.binding``."""
        return self.since(9)

    @property
    def persistent_reservation_has_config(self) -> bool:
        """PersistentReservation is GA with its own configuration and message ("persistent
        reservation is not enabled in kubevirt config", v1.9, PR #16674, c45a7d6c02); before,
        the feature gate's message."""
        return self.since(9)

    @property
    def counts_unset_ramfb_as_enabled(self) -> bool:
        """``countConfiguredMDEVRamFBs`` counts a ``ramFB`` without ``enabled`` (main, after v1.9.0:
        PR #18542, 93e8f0e299)."""
        return self.since(10)

    @property
    def tdx_secure_boot_without_smm(self) -> bool:
        """SecureBoot needs no SMM under TDX (v1.9, PR #17624, 6ce3ebce06)."""
        return self.since(9)

    @property
    def validates_service_account_name(self) -> bool:
        """``validateServiceAccountName`` (v1.9, PR #17861, 637511cfad)."""
        return self.since(9)

    @property
    def validates_grace_io(self) -> bool:
        """The GraceIOVirtualization admission (v1.9, VEP-199, ddcd7cc15d)."""
        return self.since(9)

    @property
    def secure_execution_needs_gate(self) -> bool:
        """s390x launch security needs the SecureExecution gate (``ValidateLaunchSecurityS390x``,
        removed in v1.9 by PR #17770, 1107d4d644 "VEP 19: Graduate IBM Secure Execution")."""
        return not self.since(9)

    @property
    def multi_architecture_gate(self) -> bool:
        """``validateArchitecture``: an architecture other than virt-api's own (amd64) needs the
        MultiArchitecture gate (v1.7; removed in v1.8 by PR #16023, a6e7f9529c)."""
        return not self.since(8)

    @property
    def rejects_discontinued_passt(self) -> bool:
        """The VM webhook rejects the discontinued ``passt`` binding on creation ("Passt network
        binding has been discontinued since v1.3", v1.8, PR #16428, dc44ee2e75 and 9039111294);
        before, ``validatePasstBinding`` checks it (the Passt gate and the pod network) and it
        counts as a binding method."""
        return self.since(8)

    @property
    def rejects_discontinued_macvtap(self) -> bool:
        """The VM webhook rejects the discontinued ``macvtap`` binding on creation (v1.8,
        PR #16453, 3a2ab61fd3 and c7011c586d); before, ``validateMacvtapBinding`` checks it (the
        Macvtap gate and a Multus network) and it counts as a binding method."""
        return self.since(8)

    @property
    def slirp_counts_as_binding_method(self) -> bool:
        """``hasInterfaceBindingMethod`` counts the discontinued ``slirp`` (v1.7; removed in v1.8
        by PR #16456, a9dff69abe), so a binding plugin beside it is "cannot have both"."""
        return not self.since(8)

    @property
    def has_passt_binding(self) -> bool:
        """The core ``passtBinding`` interface binding and its ``validatePasstBinding`` (the
        PasstBinding gate; v1.8, PR #16475, a21f2c4f9d)."""
        return self.since(8)

    @property
    def virtiofs_config_volumes_need_gate(self) -> bool:
        """``validateFilesystemsWithVirtIOFSEnabled``: a filesystem on a config volume (ConfigMap,
        Secret, ServiceAccount, DownwardAPI) needs the EnableVirtioFsConfigVolumes gate, and the
        ExperimentalVirtiofsSupport gate enables config and storage volumes alike (v1.7; removed in
        v1.8 by PR #15913, dc94311180 and bc111d0249, which made the first gate GA and
        discontinued the second)."""
        return not self.since(8)

    @property
    def has_hyperv_tlbflush_options(self) -> bool:
        """Hyper-V ``tlbflush`` has ``direct`` and ``extended`` (v1.8, PR #16404, d88bd7ee73);
        before, ``tlbflush`` is a plain FeatureState and the CRDs reject both fields."""
        return self.since(8)

    @property
    def scheme_has_backup_api(self) -> bool:
        """The client scheme registers ``backup.kubevirt.io/v1alpha1`` (v1.8, PR #16081,
        e456b0a990)."""
        return self.since(8)

    @property
    def scheme_has_export_v1(self) -> bool:
        """The client scheme registers ``export.kubevirt.io/v1`` instead of ``v1alpha1`` (v1.9,
        PR #16730, d0e650fc4d and 6ec644cce7)."""
        return self.since(9)

    @property
    def scheme_has_plugin_api(self) -> bool:
        """The client scheme registers ``plugin.kubevirt.io/v1alpha1`` (v1.9, PR #17790,
        2cabd7df85)."""
        return self.since(9)

    @property
    def rejects_port_65536(self) -> bool:
        """``validateForwardPortInRange`` rejects port 65536 (``>= 65536``; v1.9, PR #18095 VEP 168,
        b162de709c); before, only ports above it (``> 65536``)."""
        return self.since(9)

    @property
    def port_causes_name_the_port_field(self) -> bool:
        """The "Port field is mandatory." and out-of-range causes point at ``ports[N].port`` (v1.9,
        PR #18095, b162de709c); before, at ``ports[N]``."""
        return self.since(9)

    @property
    def validates_dra_devices(self) -> bool:
        """``validateDRADevices`` checks DRA GPUs and host devices alike: a GPU list mixing DRA and
        non-DRA GPUs, ``claimName`` and ``requestName`` required, claim/request pairs used twice,
        within a list and between GPUs and host devices (v1.8, PR #17028, 0d049195ce, release-1.8
        1877f5b7e5; PR #17490, bf9c163b05, release-1.8 948e6ea11b), and ``resourceClaims`` names
        used twice (PR #16556, 9060a00639, release-1.8 2a50d41756). v1.7's ``validateCreationDRA``
        checks GPUs only, with other messages, at ``<spec>.spec.domain.devices.gpus``, stops at the
        first GPU without a ``deviceName`` and dereferences a DRA GPU's nil ``claimName``."""
        return self.since(8)

    @property
    def claim_request_names_are_strings(self) -> bool:
        """``ClaimRequest.claimName`` and ``requestName`` are ``string`` (v1.9, PR #17611,
        9fee43fbb6 and 0157b1158d), so an empty one is dropped on the mutator's round trip and a
        device has a claim request only with a non-empty name; before, ``*string``: an empty
        string is kept and makes a claim request."""
        return self.since(9)

    @property
    def validates_resource_claims(self) -> bool:
        """``validateResourceClaims``: each claim named (a DNS label, "is a required field") with
        exactly one of ``resourceClaimName`` and ``resourceClaimTemplateName``, DNS subdomains
        (v1.9, PR #17797, ad9e6ad78a); before, only duplicate names."""
        return self.since(9)

    @property
    def dra_device_causes_in_index_order(self) -> bool:
        """``validateDRADevices`` reports each DRA device's missing names and duplicate pair
        together, device by device (v1.9, PR #17923, 8875b04289); before, the missing names of all
        devices first, then the duplicate pairs."""
        return self.since(9)

    @property
    def hugepages_page_size_path(self) -> str:
        """How the hugepages messages name the page size: ``domain.memory.hugepages.pageSize``
        since v1.8 (PR #15979, 3ffcd37ca9 "Fix hugepages typo"), ``domain.hugepages.size`` before."""
        return "domain.memory.hugepages.pageSize" if self.since(8) else "domain.hugepages.size"

    @property
    def names_hugepages_page_size(self) -> bool:
        """The message names ``hugepages.pageSize`` (v1.8, PR #15979), not ``hugepages.size``."""
        return self.since(8)

    @property
    def checks_container_path_volumes(self) -> bool:
        """The ``containerPath`` volume rules run (v1.8, PR #16662)."""
        return self.since(8)

    @property
    def runs_storage_spec_validator(self) -> bool:
        """virt-api registers ``storageadmitters.Validate`` as a VMI spec validator (main, after
        v1.9.0: PR #17241, b5876f327c "Decouple Storage and Network validation from VMI Create
        Admitter"); before, only the network one."""
        return self.since(10)

    @property
    def rejects_arm64_secure_boot(self) -> bool:
        """arm64 rejects UEFI secure boot (v1.7; dropped in v1.8 by PR #16915)."""
        return not self.since(8)

    @property
    def has_migration_policy_tuning(self) -> bool:
        """MigrationPolicySpec has ``maxDowntimeMs`` (PR #17544, 0cb924fc8f) and
        ``experimental.stallDetector`` (PR #17480), and the MigrationPolicy webhook gates them
        behind ``MigrationStallDetection`` and validates the stall detector's factors (v1.9.0);
        v1.8.4 and v1.7.4 have neither."""
        return self.since(9)

    @property
    def has_migration_downtime_tuning(self) -> bool:
        """``experimental.downtimeTuning`` exists, behind the ``MigrationDowntimeTuning`` gate, which
        also admits ``maxDowntimeMs``, and is exclusive with ``stallDetector`` (main, after v1.9.0:
        PR #18240, 3f0bf899db and a7695a9333); v1.9.0's CRD has no such field, so strict field
        validation rejects it."""
        return self.since(10)

    @property
    def stall_detector_factors_are_quantities(self) -> bool:
        """The stall detector's factors are ``resource.Quantity`` values (int-or-string with the
        quantity pattern) read by ``parseScalarFloatFromQuantity``, and its timeouts ``int64`` with
        a CRD minimum of 0 (main, after v1.9.0: 8bd6eba4e1); v1.9.0's factors are strings parsed by
        ``virtconfig.ParseFactor`` and its timeouts ``uint64``."""
        return self.since(10)

    @property
    def migration_priority_needs_gate(self) -> bool:
        """The migration webhook rejects ``spec.priority`` unless the ``MigrationPriorityQueue``
        gate is on, before the virt-controller check (v1.8.4, v1.7.4); the gate went GA and the
        check was removed in PR #17818 (8fe3778d9d)."""
        return not self.since(9)


    @property
    def restore_target_readiness_policy_enum(self) -> bool:
        """The VirtualMachineRestore CRD enumerates ``spec.targetReadinessPolicy`` (``StopTarget``,
        ``WaitGracePeriod``, ``FailImmediate``, ``WaitEventually``) and defaults it (v1.9,
        PR #17576, 22afafb803); before, any string is stored."""
        return self.since(9)

    @property
    def accepts_prefix_target_name_restore_policy(self) -> bool:
        """The restore webhook accepts ``volumeRestorePolicy: PrefixTargetName`` (v1.8, PR #16489,
        a3306c8556); before, it "doesn't exist"."""
        return self.since(8)

    @property
    def vm_export_needs_gate(self) -> bool:
        """The export webhook rejects a CREATE unless the VMExport gate is on ("vm export feature
        gate not enabled"; removed in v1.9 by PR #16730, 6676c36aa4, which made the gate GA)."""
        return not self.since(9)

    @property
    def exports_virtual_machine_backups(self) -> bool:
        """A VirtualMachineExport may name a ``VirtualMachineBackup`` source (v1.8, PR #16930,
        308ef76fa7, release-1.8 PR #17061, c587659b2a); before, it is an "invalid kind"."""
        return self.since(8)

    @property
    def exports_virtual_machine_templates(self) -> bool:
        """A VirtualMachineExport may name a ``VirtualMachineTemplate`` source, behind the OCIExport
        gate and the virt-template deployment (v1.9, PR #18032, 749ee51031); before, it is an
        "invalid kind"."""
        return self.since(9)

    @property
    def serves_export_v1(self) -> bool:
        """``export.kubevirt.io`` serves ``v1`` and a deprecated ``v1beta1`` (v1.9, PR #16730:
        d0e650fc4d adds ``v1``, 2428cf8be3 deprecates ``v1beta1``, 6ec644cce7 removes
        ``v1alpha1``); before, ``v1alpha1`` and ``v1beta1``."""
        return self.since(9)

    @property
    def vmirs_validates_grace_io_annotations(self) -> bool:
        """The VMIRS webhook's ``ValidateVMIRSSpec`` runs ``validateGraceIOVirtualizationAnnotations``
        on the template (v1.9, VEP-199, PR #18011, 9a3bc46af3 "reject conflicting Grace admission
        options")."""
        return self.since(9)

    @property
    def has_clone_volume_name_policy(self) -> bool:
        """VirtualMachineClones know ``spec.volumeNamePolicy`` (v1.8, PR #16488, ed8107103a and
        5d3f957645); before, strict field validation rejects a clone that sets it."""
        return self.since(8)

    @property
    def serves_backup_group(self) -> bool:
        """The ``backup.kubevirt.io`` CRDs (VirtualMachineBackup, VirtualMachineBackupTracker) and
        their webhooks exist (v1.8, PR #16081, c429950016); before, the API server has no such kind."""
        return self.since(8)

    @property
    def has_kubevirt_confidential_compute(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.confidentialCompute`` (v1.9, PR #15958,
        9285a3a770 "Add TDX attestation configuration to KubeVirt CR")."""
        return self.since(9)

    @property
    def has_kubevirt_persistent_reservation_configuration(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.persistentReservationConfiguration`` (v1.9,
        PR #16674, c673a6d129)."""
        return self.since(9)

    @property
    def has_kubevirt_migrations_max_downtime(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.migrations.maxDowntimeMs`` (v1.9, PR #17544,
        0cb924fc8f)."""
        return self.since(9)

    @property
    def has_kubevirt_disabled_feature_gates(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.developerConfiguration.disabledFeatureGates``
        (v1.8, PR #16370, cd65d9774c)."""
        return self.since(8)

    @property
    def has_kubevirt_hypervisors(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.hypervisors`` (at most one item) (v1.8,
        PR #16326, 7e87b16f70)."""
        return self.since(8)

    @property
    def has_kubevirt_mediated_devices_enabled(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.mediatedDevicesConfiguration.enabled`` (v1.8,
        PR #16220, d468a0b340)."""
        return self.since(8)

    @property
    def has_kubevirt_migrations_utility_volumes_timeout(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.migrations.utilityVolumesTimeout`` (v1.8,
        PR #15922, 7541fcfaa3)."""
        return self.since(8)

    @property
    def has_kubevirt_role_aggregation_strategy(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.roleAggregationStrategy`` (v1.9, PR #16350,
        3f00556661; backported to v1.8 by PR #16977, 7aa90b66d7)."""
        return self.since(8)

    @property
    def has_kubevirt_virt_template_deployment(self) -> bool:
        """The KubeVirt CR knows ``spec.configuration.virtTemplateDeployment`` (v1.8, PR #16655,
        aa5e530933)."""
        return self.since(8)

    @property
    def deploys_virt_template_v0_2(self) -> bool:
        """virt-operator deploys virt-template v0.2 (v0.2.2 at v1.9.0 and d923fdb8: ``template.kubevirt.io``
        serves v1beta1 beside a deprecated v1alpha1, and a VirtualMachineTemplateRequest knows
        ``templateLabels`` and ``ttlSecondsAfterFinished``) (v1.9, PR #18076, 5dde7ff230); v1.8.4
        deploys v0.1.8 (v1alpha1 only). Whether it deploys one at all is the Template gate's
        (``krmfn.virt_template.api.core.crd_schema``)."""
        return self.since(9)

    @property
    def has_template_gate(self) -> bool:
        """KubeVirt registers the ``Template`` feature gate, with which virt-operator deploys
        virt-template (Alpha in v1.8, e34ed7759f; Beta in v1.9); v1.7.4 has neither."""
        return self.since(8)


V1_7 = KubevirtVersion("v1.7", 7, "v1.7.4", "v1.5.1", 42)
V1_8 = KubevirtVersion("v1.8", 8, "v1.8.4", "v1.6.0", 43)
V1_9 = KubevirtVersion("v1.9", 9, "v1.9.0", "v1.7.0", 44)
MAIN = KubevirtVersion("main", 10, "d923fdb8", "v1.7.0", 44)
VERSIONS: dict[str, KubevirtVersion] = {version.name: version for version in (V1_7, V1_8, V1_9, MAIN)}
DEFAULT = V1_9


def kubevirt_version(name: str | KubevirtVersion | None) -> KubevirtVersion:
    """The release called ``name`` (``v1.8``); None is the default. Raises ``ValueError`` for an
    unknown name (the option table's choices keep those out of a run)."""
    if isinstance(name, KubevirtVersion):
        return name
    if name is None:
        return DEFAULT
    try:
        return VERSIONS[name]
    except (KeyError, TypeError):
        raise ValueError(f'unknown KubeVirt version "{name}" (known: {", ".join(VERSIONS)})') from None


def catalog_for(option: str | None, version: KubevirtVersion) -> str | None:
    """The ``catalog`` option of a run: ``none`` turns it off (None), empty is the catalog
    ``version`` deploys, anything else names an embedded catalog."""
    if option == CATALOG_OFF:
        return None
    return option or version.catalog
